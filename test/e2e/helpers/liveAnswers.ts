/**
 * The live-answer examples (8: Mid-Call Tool "order status", 9: Inbound Call "greet known callers")
 * published in a running n8n, driven by sandbox calls: shared by the single-process and queue-mode
 * e2e tests, which differ only in how n8n runs.
 */
import type { SandboxClient } from '../../../harness/sandboxClient';
import { waitFor } from '../../../runtime';
import type { N8nRest } from '../../../harness/n8nRest';

export const TOOL_WORKFLOW_ID = 'famulorExample08';
export const INBOUND_WORKFLOW_ID = 'famulorExample09';
export const LIVE_ASSISTANT_ID = 101;
export const KNOWN_CALLER = '+4917612345678';
const SEEDED_TOOL_IDS = [31, 33];

type Publisher = Pick<N8nRest, 'activate' | 'deactivate' | 'waitUntilPublished'>;

interface StoredAssistant {
	tool_ids: number[];
	inbound_webhook_url: string | null;
}

export interface Tool {
	id: number;
	name: string;
	endpoint: string;
	headers: Array<{ name: string; value: string }>;
}

export interface IncomingCall {
	call: { id: number; input_variables: Record<string, unknown> };
	inbound_request: { status?: number; error?: string; variables: Record<string, unknown> } | null;
}

export interface ToolAnswer {
	function_call: { status?: number; error?: string; result: unknown; spoken: string };
	transcript: string;
}

/** Read through the controls, so the test is no client of the user's token. */
export async function storedAssistant(client: SandboxClient): Promise<StoredAssistant> {
	return await client.controlJson<StoredAssistant>('GET', `/state/assistants/${LIVE_ASSISTANT_ID}`);
}

/** Through the controls too: in queue mode the burst test before it may have spent the account's minute. */
export async function publishedTool(client: SandboxClient): Promise<Tool | undefined> {
	const tools = await client.controlJson<Tool[]>('GET', '/state/tools');
	return tools.find((tool) => tool.name === 'get_order_status');
}

/** Publishes both examples and waits until the tool is on the assistant and its inbound webhook points at n8n. */
export async function publishLiveExamples(n8n: Publisher, client: SandboxClient): Promise<Tool> {
	for (const id of [TOOL_WORKFLOW_ID, INBOUND_WORKFLOW_ID]) {
		const activated = await n8n.activate(id);
		if (activated.status !== 200)
			throw new Error(`activating ${id}: ${activated.status} ${JSON.stringify(activated.json)}`);
		await n8n.waitUntilPublished(id);
	}
	return await waitFor('the tool and the inbound webhook on the assistant', async () => {
		const [assistant, tool] = [await storedAssistant(client), await publishedTool(client)];
		const ready =
			tool !== undefined &&
			assistant.tool_ids.includes(tool.id) &&
			SEEDED_TOOL_IDS.every((id) => assistant.tool_ids.includes(id)) &&
			assistant.inbound_webhook_url !== null;
		return ready ? tool : undefined;
	});
}

/** Unpublishes both examples; the assistant once the tool and the inbound webhook are gone. */
export async function unpublishLiveExamples(
	n8n: Publisher,
	client: SandboxClient,
): Promise<StoredAssistant> {
	for (const id of [TOOL_WORKFLOW_ID, INBOUND_WORKFLOW_ID]) await n8n.deactivate(id);
	return await waitFor('the tool and the inbound webhook to be removed', async () => {
		const current = await storedAssistant(client);
		return current.inbound_webhook_url === null && (await publishedTool(client)) === undefined
			? current
			: undefined;
	});
}

/** A call to the assistant arrives (its inbound request answered by example 9 before the call proceeds). */
export async function incomingCall(
	client: SandboxClient,
	caller = KNOWN_CALLER,
): Promise<IncomingCall> {
	return await client.controlJson<IncomingCall>('POST', '/calls/incoming', {
		assistant_id: LIVE_ASSISTANT_ID,
		customer_phone: caller,
	});
}

/** The assistant asks the workflow of example 8 during the call. */
export async function askOrderStatus(
	client: SandboxClient,
	callId: number,
	orderNumber: string,
): Promise<ToolAnswer> {
	return await client.controlJson<ToolAnswer>('POST', `/calls/${callId}/tools`, {
		tool: 'get_order_status',
		arguments: { order_number: orderNumber },
	});
}

export const ORDER_A1001_ANSWER = {
	answer: 'Order A-1001 is shipped on Monday and arrives on Wednesday.',
};
export const KNOWN_CALLER_VARIABLES = { customer_name: 'Max Miller', known_caller: true };

/**
 * Publishes both examples; a first call asks the tool (the first requests after start may be slow while
 * n8n loads the workflow) and hears example 8's answer; a second call, arriving, gets example 9's
 * variables within the service's 2 s. Returns the published tool and the second call.
 */
export async function expectLiveAnswers(
	n8n: Publisher,
	client: SandboxClient,
): Promise<{ tool: Tool; call: IncomingCall }> {
	const tool = await publishLiveExamples(n8n, client);
	const first = await incomingCall(client);
	const asked = await askOrderStatus(client, first.call.id, 'a-1001');
	expect(asked.function_call).toMatchObject({ status: 200, result: ORDER_A1001_ANSWER });
	expect(asked.transcript).toContain(`Assistant: ${JSON.stringify(ORDER_A1001_ANSWER)}`);
	const call = await incomingCall(client);
	expect(call.inbound_request).toMatchObject({ status: 200, variables: KNOWN_CALLER_VARIABLES });
	return { tool, call };
}
