/**
 * Two workflows whose Mid-Call Tool triggers publish to one assistant (the sandbox's 101, which has the
 * seeded tools 31 calendar_booking and 33 call_transfer). Famulor does not report an assistant's tools,
 * so each names in Other Tools to Keep what the user expects to stay: the seeded tools and the other
 * workflow's tool (by name, which stays when that workflow is published again under a new tool ID).
 */
import type { SandboxClient } from '../../../harness/sandboxClient';
import type { N8nRest } from '../../../harness/n8nRest';
import { credentialRef, node } from '../../../harness/workflowNodes';
import { waitFor } from '../../../runtime';
import { incomingCall, LIVE_ASSISTANT_ID, storedAssistant, type ToolAnswer } from './liveAnswers';

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

/** The two workflows as imported (ClusterOptions' `workflows`). */
export const twoToolWorkflowFiles = () =>
	TWO_TOOL_WORKFLOWS.map(({ workflow }) => ({ file: `${workflow.id}.json`, workflow }));

/** What the sandbox records when the service's deadline passed without an answer. */
const NOT_ANSWERED = 'timeout';

/**
 * Both workflows are published at once: both tools end on the assistant beside the seeded ones, and
 * each answers a call's question; unpublishing both deletes both tools and leaves the seeded ones.
 * `answerMayBeLost`: in queue mode n8n itself may lose an answer (liveAnswersQueue.test.ts), so a
 * question may end in the service's timeout, but an answer that comes must be its own.
 */
export async function expectTwoToolsPublishedAtOnce(
	n8n: Pick<N8nRest, 'activate' | 'deactivate' | 'waitUntilPublished'>,
	client: SandboxClient,
	answerMayBeLost = false,
): Promise<void> {
	const activated = await Promise.all(
		TWO_TOOL_WORKFLOWS.map(async ({ workflow }) => await n8n.activate(workflow.id)),
	);
	expect(activated.map((answer) => answer.status)).toEqual([200, 200]);
	for (const { workflow } of TWO_TOOL_WORKFLOWS) await n8n.waitUntilPublished(workflow.id);
	const toolIds = await waitFor('both tools on the assistant', async () => {
		const tools = await client.controlJson<Array<{ id: number; name: string }>>(
			'GET',
			'/state/tools',
		);
		const ids = TWO_TOOL_WORKFLOWS.map(
			({ toolName }) => tools.find((tool) => tool.name === toolName)?.id,
		);
		const on = (await storedAssistant(client)).tool_ids;
		return ids.every((id) => id !== undefined && on.includes(id)) ? (ids as number[]) : undefined;
	});
	expect((await storedAssistant(client)).tool_ids.sort()).toEqual([31, 33, ...toolIds].sort());

	const { call } = await incomingCall(client);
	for (const { toolName } of TWO_TOOL_WORKFLOWS) {
		const asked = await client.controlJson<ToolAnswer>('POST', `/calls/${call.id}/tools`, {
			tool: toolName,
			arguments: { question: `ask ${toolName}` },
		});
		if (answerMayBeLost && asked.function_call.error === NOT_ANSWERED) continue;
		expect(asked.function_call).toMatchObject({
			status: 200,
			result: { question: `ask ${toolName}` },
		});
	}

	for (const { workflow } of TWO_TOOL_WORKFLOWS) await n8n.deactivate(workflow.id);
	const left = await waitFor('both tools deleted', async () => {
		const tools = await client.controlJson<Array<{ id: number }>>('GET', '/state/tools');
		return tools.some((tool) => toolIds.includes(tool.id)) ? undefined : tools;
	});
	expect(left.map((tool) => tool.id).sort()).toEqual([31, 32, 33, 41]);
	expect((await storedAssistant(client)).tool_ids).toEqual([31, 33]);
}
