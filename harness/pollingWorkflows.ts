/** The polling trigger's end-to-end workflow (shared with the benchmark): its ID and its every-10-s schedule. */
import { chain, credentialRef, node, type Json } from './workflowNodes';

/** At most 16 characters: n8n 1.x saves no static data for a longer workflow ID. */
export const POLLING_WORKFLOW_ID = 'famulorE2ePoll01';
/**
 * Every 10 s: six poll times, one a minute each at seconds 0, 10, …, 50. n8n refuses a poll time of
 * less than a minute (2.40: any seconds field but a single number), not several poll times.
 */
export const POLL_EVERY_10_S = [0, 10, 20, 30, 40, 50].map((second) => ({
	mode: 'custom',
	cronExpression: `${second} * * * * *`,
}));

/** Famulor AI Polling Trigger (New WhatsApp Message of a sender, polled every 10 s) → No Operation. */
export function pollingMessagesWorkflow(senderId: number, id = POLLING_WORKFLOW_ID): Json {
	return {
		id,
		name: `E2E ${id}: New WhatsApp Message by polling`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node(
				'New WhatsApp message',
				'n8n-nodes-famulor-ai.famulorPollTrigger',
				1,
				[0, 0],
				{
					pollTimes: { item: POLL_EVERY_10_S },
					event: 'newWhatsAppMessage',
					senderId: { __rl: true, mode: 'id', value: String(senderId) },
				},
				{ credentials: credentialRef() },
			),
			node('Received', 'n8n-nodes-base.noOp', 1, [220, 0], {}),
		],
		connections: chain('New WhatsApp message', 'Received'),
	};
}
