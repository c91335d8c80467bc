/**
 * The workflow the README's screenshots show (test/e2e/screenshots.test.ts): each panel filled as a
 * user would with the pickers.
 */
import { credentialRef, node, type Json } from './workflowNodes';

export const PANELS_WORKFLOW_ID = 'famulorE2ePanels1';

const picked = (value: number, name: string): Json => ({
	__rl: true,
	mode: 'list',
	value: String(value),
	cachedResultName: name,
});

/**
 * The panels the docs show, filled as a user would with the pickers: three version 2 action nodes
 * (Call → Make, Assistant → Create, WhatsApp → Send Template Message with template 7101 and its three
 * variables), the webhook trigger on Mid-Call Tool (example 8's tool) and the polling trigger on New
 * WhatsApp Message (sender 71, Only While AI Is Off, as example 3).
 */
export function panelsWorkflow(): Json {
	const variable = (id: string, position: number): Json => ({
		id,
		displayName: `${id} ({{${position}}})`,
		required: true,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: 'string',
	});
	return {
		id: PANELS_WORKFLOW_ID,
		name: 'E2E: Famulor AI panels',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node(
				'Create assistant',
				'n8n-nodes-famulor-ai.famulor',
				2,
				[0, 0],
				{
					resource: 'assistant',
					operation: 'create',
					name: 'Reminder Bot',
					mode: 'pipeline',
					type: 'outbound',
					languageId: picked(5, 'German'),
					voiceId: picked(1001, 'Anna (German, female)'),
					modelId: picked(2, 'gpt-4o-mini'),
					timezone: 'Europe/Berlin',
					initialMessage: 'Hallo, hier ist Ihre Terminerinnerung.',
					systemPrompt: 'You remind customers of their appointments and offer to move them.',
					additionalFields: {},
				},
				{ credentials: credentialRef() },
			),
			node(
				'Send template',
				'n8n-nodes-famulor-ai.famulor',
				2,
				[300, 0],
				{
					resource: 'whatsApp',
					operation: 'sendTemplate',
					senderId: picked(71, 'Example Support (+4915112345671)'),
					templateId: picked(7101, 'appointment_reminder (en, 3 variables)'),
					recipientPhone: '+4915700000001',
					recipientName: 'Ada Lovelace',
					templateVariables: {
						mappingMode: 'defineBelow',
						value: { customer_name: 'Ada', date: '2026-07-01', time: '10:00' },
						matchingColumns: [],
						schema: [variable('customer_name', 1), variable('date', 2), variable('time', 3)],
						attemptToConvertTypes: false,
						convertFieldsToString: true,
					},
				},
				{ credentials: credentialRef() },
			),
			node(
				'Make call',
				'n8n-nodes-famulor-ai.famulor',
				2,
				[600, 0],
				{
					resource: 'call',
					operation: 'make',
					assistantId: picked(102, 'Sales Outreach'),
					phoneNumber: '+4915112345678',
					variables: { variable: [{ name: 'customer_name', value: 'Ada Lovelace' }] },
				},
				{ credentials: credentialRef() },
			),
			node(
				'Order status tool',
				'n8n-nodes-famulor-ai.famulorTrigger',
				1.2,
				[0, 300],
				{
					event: 'midCallTool',
					responseMode: 'lastNode',
					toolAssistantIds: [101],
					toolName: 'get_order_status',
					toolDescription:
						'Looks up the status of an order when the caller asks where their order is',
					toolParameters: {
						parameter: [
							{
								name: 'order_number',
								type: 'string',
								description: 'The order number the caller gives, e.g. A-1001',
							},
						],
					},
					toolTimeout: 10,
				},
				{ credentials: credentialRef(), webhookId: '3c1e8f52-6b0d-4a7e-9f14-2d8b5c6a7e90' },
			),
			node(
				'New WhatsApp message',
				'n8n-nodes-famulor-ai.famulorPollTrigger',
				1,
				[300, 300],
				{
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					event: 'newWhatsAppMessage',
					senderId: picked(71, 'Example Support (+4915112345671)'),
					onlyWhileAiOff: true,
				},
				{ credentials: credentialRef() },
			),
		],
		connections: {},
	};
}
