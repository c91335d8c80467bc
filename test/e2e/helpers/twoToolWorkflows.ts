/**
 * Two workflows whose Mid-Call Tool triggers publish to one assistant (the sandbox's 101, which has the
 * seeded tools 31 calendar_booking and 33 call_transfer). Famulor does not report an assistant's tools,
 * so each names in Other Tools to Keep what the user expects to stay: the seeded tools and the other
 * workflow's tool (by name, which stays when that workflow is published again under a new tool ID).
 */
import { credentialRef, node } from '../../../harness/workflowNodes';
import { LIVE_ASSISTANT_ID } from './liveAnswers';

export const SEEDED_TOOLS_KEPT = ['calendar_booking', 'call_transfer'];

/** A workflow of one trigger answering with the request's parameters (Respond: When Last Node Finishes). */
function toolWorkflow(id: string, webhookId: string, toolName: string, otherTool: string) {
	const trigger = node(
		'Famulor AI Trigger',
		'n8n-nodes-famulor-ai.famulorTrigger',
		1.2,
		[0, 0],
		{
			event: 'midCallTool',
			responseMode: 'lastNode',
			toolAssistantIds: [LIVE_ASSISTANT_ID],
			toolKeep: [...SEEDED_TOOLS_KEPT, otherTool],
			toolName,
			toolDescription: 'Repeats the question, for the test',
			toolParameters: {
				parameter: [{ name: 'question', type: 'string', description: 'Any text to repeat' }],
			},
			toolTimeout: 10,
		},
		{ webhookId, credentials: credentialRef() },
	);
	return {
		id,
		name: id,
		active: false,
		nodes: [trigger],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

export const TWO_TOOL_WORKFLOWS = [
	{
		toolName: 'check_stock',
		workflow: toolWorkflow(
			'famulorTwoToolsA',
			'7a1e4c52-6c1d-4f7e-9a3b-5d2c8e1f7a10',
			'check_stock',
			'book_callback',
		),
	},
	{
		toolName: 'book_callback',
		workflow: toolWorkflow(
			'famulorTwoToolsB',
			'7a1e4c52-6c1d-4f7e-9a3b-5d2c8e1f7a20',
			'book_callback',
			'check_stock',
		),
	},
];
