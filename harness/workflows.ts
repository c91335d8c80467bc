/** Workflows the end-to-end tests import besides the examples (built here so each test says what it runs). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { chain, credentialRef, node, type Json } from './workflowNodes';

import { POLL_EVERY_10_S } from './pollingWorkflows';

export { POLL_EVERY_10_S, POLLING_WORKFLOW_ID, pollingMessagesWorkflow } from './pollingWorkflows';

type ExampleWorkflow = Json & {
	nodes: Array<Json & { type: string; credentials?: Json; webhookId?: string; parameters: Json }>;
};

function readExample(file: string): ExampleWorkflow {
	return JSON.parse(
		readFileSync(join(__dirname, '..', 'examples', file), 'utf8'),
	) as ExampleWorkflow;
}

/**
 * Manual Trigger → calls to place, each a phone number and an assistant ID → Famulor AI Call → Make
 * (version 2) with Retry On Fail (3 tries, no wait): a call that went through must be placed once
 * however often n8n retries the node because a later item was refused.
 */
export function retriedCallWorkflow(
	id: string,
	calls: Array<{ phone: string; assistant: number }>,
): Json {
	return {
		id,
		name: `E2E ${id}: retried Call → Make`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, [0, 0], {}),
			node('Phones', 'n8n-nodes-base.set', 3.4, [220, 0], {
				mode: 'manual',
				assignments: {
					assignments: [
						{
							id: 'f0e1d2c3-0000-4000-8000-000000000001',
							name: 'calls',
							value: JSON.stringify(calls),
							type: 'array',
						},
					],
				},
				options: {},
			}),
			node('One item per call', 'n8n-nodes-base.splitOut', 1, [440, 0], {
				fieldToSplitOut: 'calls',
				options: {},
			}),
			node(
				'Call',
				'n8n-nodes-famulor-ai.famulor',
				2,
				[660, 0],
				{
					resource: 'call',
					operation: 'make',
					assistantId: { __rl: true, mode: 'id', value: '={{ $json.assistant }}' },
					phoneNumber: '={{ $json.phone }}',
				},
				{ credentials: credentialRef(), retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
			),
		],
		connections: chain('Manual Trigger', 'Phones', 'One item per call', 'Call'),
	};
}

/**
 * Webhook (POST /webhook/<path>, answers at once: a production execution) → calls to place → Famulor AI
 * Call → Make (version 2), without Retry On Fail: what n8n's Retry of the failed execution sends.
 */
export function retriedExecutionWorkflow(
	id: string,
	path: string,
	calls: Array<{ phone: string; assistant: number }>,
): Json {
	const workflow = retriedCallWorkflow(id, calls) as Json & { nodes: Json[] };
	const [, phones, split, call] = workflow.nodes;
	const webhook = node(
		'Webhook',
		'n8n-nodes-base.webhook',
		2,
		[0, 0],
		{ httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		{ webhookId: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e' },
	);
	// No Retry On Fail: only n8n's Retry of the execution runs the node again.
	const callNode = { ...call };
	for (const setting of ['retryOnFail', 'maxTries', 'waitBetweenTries']) delete callNode[setting];
	return {
		...workflow,
		name: `E2E ${id}: a production execution of calls, retried by n8n`,
		nodes: [webhook, phones, split, callNode],
		connections: chain('Webhook', 'Phones', 'One item per call', 'Call'),
	};
}

/** Example 2 under another id, its trigger using another credential (e.g. one with a wrong token). */
export function triggerWorkflowWithCredential(
	id: string,
	credential: { id: string; name: string },
	webhookId = '3c1f6a2e-9b7d-4e5f-8a1b-2c3d4e5f6a7b',
): Json {
	const workflow = readExample('2-post-call-to-records.json');
	workflow.id = id;
	workflow.name = `E2E ${id}: trigger with credential ${credential.name}`;
	for (const entry of workflow.nodes) {
		if (entry.type === 'n8n-nodes-famulor-ai.famulorTrigger') {
			entry.credentials = credentialRef(credential.id, credential.name);
			entry.webhookId = webhookId;
		}
	}
	return workflow;
}

/**
 * Example 3 (WhatsApp auto-reply) as shipped, Only While AI Is Off included, under another id and
 * polling every 10 s instead of every minute, so a published copy answers within seconds.
 */
export function whatsAppAutoReplyPolledEvery10s(id: string): Json {
	const workflow = readExample('3-whatsapp-auto-reply.json');
	workflow.id = id;
	workflow.name = `E2E ${id}: example 3 polled every 10 s`;
	for (const entry of workflow.nodes)
		if (entry.type === 'n8n-nodes-famulor-ai.famulorPollTrigger')
			entry.parameters = { ...entry.parameters, pollTimes: { item: POLL_EVERY_10_S } };
	return workflow;
}

/**
 * Webhook (POST /webhook/<path>, answers at once) → Famulor AI WhatsApp → Send Free-Form Message of the
 * posted `message` (and the execution's id) to the customer with the open window: one production execution per request.
 */
export function freeformBurstWorkflow(
	id: string,
	path: string,
	sender: { senderId: number; recipientPhone: string },
): Json {
	return {
		id,
		name: `E2E ${id}: free-form message per webhook call`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node(
				'Burst',
				'n8n-nodes-base.webhook',
				2,
				[0, 0],
				{ httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
				{ webhookId: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a' },
			),
			node(
				'Send',
				'n8n-nodes-famulor-ai.famulor',
				1,
				[220, 0],
				{
					resource: 'whatsApp',
					operation: 'sendFreeform',
					senderId: { __rl: true, mode: 'id', value: String(sender.senderId) },
					recipientPhone: sender.recipientPhone,
					// The execution's id in the text tells which worker sent each message (queueBurst.ts).
					message: '={{ $json.body.message }} #{{ $execution.id }}',
				},
				{ credentials: credentialRef() },
			),
		],
		connections: chain('Burst', 'Send'),
	};
}

/** Manual Trigger → Famulor AI Assistant → Get Many (version 2) with the given credential. */
export function assistantListWorkflow(id: string, credential: { id: string; name: string }): Json {
	return {
		id,
		name: `E2E ${id}: Assistant → Get Many with credential ${credential.name}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			node('Manual Trigger', 'n8n-nodes-base.manualTrigger', 1, [0, 0], {}),
			node(
				'Assistants',
				'n8n-nodes-famulor-ai.famulor',
				2,
				[220, 0],
				{ resource: 'assistant', operation: 'getAll', returnAll: false, limit: 5 },
				{ credentials: credentialRef(credential.id, credential.name) },
			),
		],
		connections: chain('Manual Trigger', 'Assistants'),
	};
}
