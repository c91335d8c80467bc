/**
 * The README's first workflow ("A first workflow in five steps") as the editor saves it when a user
 * follows the steps: each node named as n8n names a node added from the panel, each field as the
 * steps fill it. test/package/readmeNames.test.ts checks it against the README; test/e2e/firstWorkflow
 * runs it.
 */
import { credentialRef, node, type Json } from './workflowNodes';

const ACTION = 'n8n-nodes-famulor-ai.famulor';
const SANDBOX_SENDER = {
	__rl: true,
	mode: 'list',
	value: '71',
	cachedResultName: 'Example Support',
};

/** The canvas names n8n gives the nodes the steps add (the trigger's default name, the actions' texts). */
export const FIRST_WORKFLOW_NODES = {
	trigger: 'Famulor AI Polling Trigger',
	sessionStatus: 'Get a WhatsApp session status',
	decide: 'If',
	freeform: 'Send a billed WhatsApp message',
	template: 'Send a billed WhatsApp template',
} as const;

export const FIRST_WORKFLOW_REPLY = 'Thanks for your message! We are on it.';

const { trigger, sessionStatus, decide, freeform, template } = FIRST_WORKFLOW_NODES;
const customerName = `={{ $('${trigger}').item.json.customer_name }}`;

/** The workflow, its trigger polling at `pollTimes` (the editor's default: every minute). */
export function firstWorkflow(id: string, pollTimes: Json[] = [{ mode: 'everyMinute' }]): Json {
	return {
		id,
		name: `E2E ${id}: the README's first workflow`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node(
				trigger,
				'n8n-nodes-famulor-ai.famulorPollTrigger',
				1,
				[0, 0],
				{
					pollTimes: { item: pollTimes },
					event: 'newWhatsAppMessage',
					senderId: SANDBOX_SENDER,
					onlyWhileAiOff: true,
				},
				{ credentials: credentialRef() },
			),
			node(
				sessionStatus,
				ACTION,
				2,
				[220, 0],
				{
					resource: 'whatsApp',
					operation: 'getSessionStatus',
					senderId: { __rl: true, mode: 'id', value: '={{ $json.sender_id }}' },
					recipientPhone: '={{ $json.customer_phone }}',
				},
				{ credentials: credentialRef() },
			),
			node(decide, 'n8n-nodes-base.if', 2.2, [440, 0], {
				conditions: {
					options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
					conditions: [
						{
							id: '5d0f1c2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
							leftValue: '={{ $json.session_status.can_send_freeform }}',
							rightValue: '',
							operator: { type: 'boolean', operation: 'true', singleValue: true },
						},
					],
					combinator: 'and',
				},
				looseTypeValidation: true,
				options: {},
			}),
			node(
				freeform,
				ACTION,
				2,
				[660, -100],
				{
					resource: 'whatsApp',
					operation: 'sendFreeform',
					senderId: { __rl: true, mode: 'id', value: '={{ $json.sender_id }}' },
					recipientPhone: '={{ $json.recipient_phone }}',
					message: FIRST_WORKFLOW_REPLY,
				},
				{ credentials: credentialRef() },
			),
			node(
				template,
				ACTION,
				2,
				[660, 100],
				{
					resource: 'whatsApp',
					operation: 'sendTemplate',
					senderId: SANDBOX_SENDER,
					templateId: {
						__rl: true,
						mode: 'list',
						value: '7105',
						cachedResultName: 'follow_up (en, 1 variable)',
					},
					recipientPhone: '={{ $json.recipient_phone }}',
					recipientName: customerName,
					templateVariables: {
						mappingMode: 'defineBelow',
						value: { customer_name: customerName },
						matchingColumns: [],
						schema: [
							{
								id: 'customer_name',
								displayName: 'customer_name ({{1}})',
								required: true,
								defaultMatch: false,
								canBeUsedToMatch: false,
								display: true,
								type: 'string',
							},
						],
						attemptToConvertTypes: false,
						convertFieldsToString: true,
					},
				},
				{ credentials: credentialRef() },
			),
		],
		connections: {
			[trigger]: { main: [[{ node: sessionStatus, type: 'main', index: 0 }]] },
			[sessionStatus]: { main: [[{ node: decide, type: 'main', index: 0 }]] },
			[decide]: {
				main: [
					[{ node: freeform, type: 'main', index: 0 }],
					[{ node: template, type: 'main', index: 0 }],
				],
			},
		},
	};
}
