/**
 * The Famulor AI Trigger in a running n8n (each matrix entry): activating example 2 through n8n's REST
 * API registers n8n's webhook URL on the assistant; a call ended through the sandbox controls starts an
 * execution carrying the post-call payload; deactivating removes the registration; a credential with a
 * wrong token makes the activation fail with the service's 401; a webhook another trigger holds refuses
 * the publish at once; a credential pointing at Famulor itself refuses this n8n's loopback webhook URL
 * before sending anything. Also n8n's credential test, and that
 * n8n lists the packed package's node types.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CREDENTIAL_ID, importIntoN8n, sandboxCredential, waitFor } from '../../runtime';
import { ON_N8N, prepareN8n, type N8nServer, type PreparedN8n } from '../../harness/cluster';
import { executionData, executionsOf } from '../../harness/n8nRest';
import { deliverAgain } from './helpers/deliverAgain';
import {
	NEWER_PLATFORM_HOST_MESSAGE,
	NEWER_PLATFORM_KEY_MESSAGE,
} from '../../nodes/shared/transport/newerPlatform';
import { triggerWorkflowWithCredential } from '../../harness/workflows';

const WORKFLOW_ID = 'famulorExample02';
const WRONG_TOKEN_WORKFLOW_ID = 'famulorE2eWrongTok';
const WRONG_TOKEN_CREDENTIAL = {
	id: 'famulorWrongToken1',
	name: 'Famulor AI sandbox (wrong token)',
};
const WRONG_TOKEN = 'sbx_wrong_token_for_the_activation_test';
const AT_FAMULOR_WORKFLOW_ID = 'famulorE2eAtFamulor';
const AT_FAMULOR_CREDENTIAL = { id: 'famulorAtFamulor01', name: 'Famulor AI (production URL)' };
const ASSISTANT_ID = 102;

interface Assistant {
	id: number;
	webhook_url: string | null;
	is_webhook_active: boolean;
}

let n8n: PreparedN8n;
let server: N8nServer;

async function assistant(): Promise<Assistant> {
	const { json } = await n8n.api<{ data: Assistant[] }>(
		'GET',
		'/api/user/assistants/get?per_page=100',
	);
	const found = json.data.find((entry) => entry.id === ASSISTANT_ID);
	if (!found) throw new Error(`assistant ${ASSISTANT_ID} not found`);
	return found;
}

const executions = async () => await executionsOf(server, WORKFLOW_ID);

async function makeAndEndCall(
	extracted: Record<string, unknown>,
): Promise<{ callId: number; deliveries: Array<{ status?: number; url: string }> }> {
	const made = await n8n.api<{ call_id: number }>('POST', '/api/user/make_call', {
		phone_number: '+4915112345678',
		assistant_id: ASSISTANT_ID,
	});
	expect(made.status).toBe(200);
	const callId = made.json.call_id;
	const ended = await n8n.ctl<{ deliveries: Array<{ status?: number; url: string }> }>(
		'POST',
		`/calls/${callId}/end`,
		{
			status: 'completed',
			duration: 42,
			transcript: 'AI: Hello Jonas!\nCustomer: Next Monday works for me.',
			extracted_variables: extracted,
		},
	);
	return { callId, deliveries: ended.deliveries };
}

/**
 * Activates a workflow whose activation fails; the message n8n shows. n8n 1.x and 2.8 answer the
 * activation with the trigger's error (shown in the toast); 2.40 and later publish after answering and
 * show the failure as the workflow's publication status.
 */
async function failedActivation(workflowId: string): Promise<string> {
	const activated = await server.activate(workflowId);
	return activated.status >= 400
		? (activated.json.message ?? JSON.stringify(activated.json))
		: await waitFor(
				'the activation failure',
				async () => await server.activationFailure(workflowId),
			);
}

beforeAll(async () => {
	n8n = await prepareN8n();
	await importIntoN8n(n8n.entry, n8n.env, {
		userFolder: n8n.userFolder,
		credentials: [
			sandboxCredential(
				n8n.sandbox.url,
				WRONG_TOKEN,
				WRONG_TOKEN_CREDENTIAL.id,
				WRONG_TOKEN_CREDENTIAL.name,
			),
			// Never reached: the trigger refuses before sending anything (this machine has no route there anyway).
			sandboxCredential(
				'https://app.famulor.de',
				WRONG_TOKEN,
				AT_FAMULOR_CREDENTIAL.id,
				AT_FAMULOR_CREDENTIAL.name,
			),
		],
		workflows: [
			{
				file: 'wrong-token.json',
				workflow: triggerWorkflowWithCredential(WRONG_TOKEN_WORKFLOW_ID, WRONG_TOKEN_CREDENTIAL),
			},
			{
				file: 'at-famulor.json',
				workflow: triggerWorkflowWithCredential(
					AT_FAMULOR_WORKFLOW_ID,
					AT_FAMULOR_CREDENTIAL,
					'5e0a7c4d-2b1f-4a8e-9c6d-3f2e1d0c9b8a',
				),
			},
		],
	});
	server = await n8n.start();
}, 300_000);

afterAll(async () => await n8n?.cleanup());

test(`${ON_N8N}: n8n lists the packed package's two node types and its credential`, async () => {
	const nodes = await fetch(`${server.url}/types/nodes.json`, {
		headers: { cookie: server.cookie },
	});
	expect(nodes.status).toBe(200);
	const names = ((await nodes.json()) as Array<{ name: string }>).map((type) => type.name);
	expect(names).toEqual(
		expect.arrayContaining(['n8n-nodes-famulor-ai.famulor', 'n8n-nodes-famulor-ai.famulorTrigger']),
	);
	const credentials = await fetch(`${server.url}/types/credentials.json`, {
		headers: { cookie: server.cookie },
	});
	expect(
		((await credentials.json()) as Array<{ name: string }>).map((type) => type.name),
	).toContain('famulorAiApi');
});

test(`${ON_N8N}: activating registers the trigger URL on the assistant; an ended call starts an execution with the payload`, async () => {
	const before = await assistant();
	expect(before.webhook_url).toBeNull();

	const activated = await server.activate(WORKFLOW_ID);
	expect(activated.status).toBe(200);

	// n8n 2.x may answer the activation before the trigger has registered: wait for the registration.
	const registered = await waitFor('the webhook registration on the assistant', async () => {
		const current = await assistant();
		return current.is_webhook_active ? current : undefined;
	});
	expect(registered.webhook_url).toMatch(
		new RegExp(`^http://127\\.0\\.0\\.1:${n8n.port}/webhook/[0-9a-f-]+/webhook\\?`),
	);

	const { callId, deliveries } = await makeAndEndCall({
		customer_name: 'Jonas Beispiel',
		appointment_date: '2026-12-01',
	});
	expect(deliveries).toEqual([
		expect.objectContaining({ status: 200, url: registered.webhook_url }),
	]);

	const [execution] = await waitFor('the trigger execution', async () => {
		const found = (await executions()).filter((entry) => entry.status === 'success');
		return found.length > 0 ? found : undefined;
	});
	expect(execution).toMatchObject({ workflowId: WORKFLOW_ID, mode: 'webhook', status: 'success' });

	// The execution's data (flatted JSON) holds the delivered payload as the trigger emitted it.
	const data = await executionData(server, execution.id);
	expect(data).toContain('extracted_customer_name');
	expect(data).toContain('Jonas Beispiel');

	// The service re-sends a delivery it did not see answered: the same call again starts no execution.
	const [delivery] = await n8n.client.webhooks({ callId });
	expect(await deliverAgain(delivery)).toBe(200);
	await new Promise((resolve) => setTimeout(resolve, 2000));
	expect((await executions()).filter((entry) => entry.mode === 'webhook')).toHaveLength(1);

	// And the workflow wrote the record of exactly this call.
	const file = join(n8n.filesDir, `famulor-call-${callId}.json`);
	expect(existsSync(file)).toBe(true);
	expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
		call_id: callId,
		status: 'completed',
		duration: 42,
		extracted: { customer_name: 'Jonas Beispiel', appointment_date: '2026-12-01' },
	});
});

test(`${ON_N8N}: deactivating removes the registration; later calls start nothing`, async () => {
	const deactivated = await server.deactivate(WORKFLOW_ID);
	expect(deactivated.status).toBe(200);

	const after = await waitFor('the webhook registration to be removed', async () => {
		const current = await assistant();
		return current.webhook_url === null ? current : undefined;
	});
	expect(after.is_webhook_active).toBe(false);

	const countBefore = (await executions()).length;
	const { deliveries } = await makeAndEndCall({ customer_name: 'Nobody' });
	expect(deliveries).toEqual([]);
	await new Promise((resolve) => setTimeout(resolve, 1000));
	expect(await executions()).toHaveLength(countBefore);
});

test(`${ON_N8N}: activating a trigger whose credential has a wrong token fails with the service's 401`, async () => {
	await n8n.client.clearRequests();
	const message = await failedActivation(WRONG_TOKEN_WORKFLOW_ID);
	expect(message).toContain('401');
	expect(message).not.toContain(WRONG_TOKEN);
	const sent = await n8n.client.apiRequests();
	expect(sent.length).toBeGreaterThan(0);
	expect(sent.every((request) => request.status === 401)).toBe(true);
	const target = await assistant();
	expect(target.webhook_url).toBeNull();
});

test(`${ON_N8N}: publishing against Famulor itself with n8n on localhost fails saying Famulor cannot reach it, naming the polling event, before anything is sent`, async () => {
	const message = await failedActivation(AT_FAMULOR_WORKFLOW_ID);
	expect(message).toContain(
		"Famulor's servers cannot reach this n8n, so the post-call webhook would never arrive: its webhook URL http://",
	);
	expect(message).toContain(`the Famulor AI Polling Trigger's "Call Ended" event`);
	expect(message).not.toContain(WRONG_TOKEN);
});

test(`${ON_N8N}: a webhook held by another trigger of this n8n refuses the publish at the first read, naming it`, async () => {
	const webhookId = '0b9d1f4e-5c3a-4e2b-9a61-7f0c2d8e4b15';
	const heldBy = `${server.url}/webhook/${webhookId}/webhook`;
	await n8n.api('PUT', `/api/user/assistant/${ASSISTANT_ID}`, {
		is_webhook_active: true,
		webhook_url: heldBy,
	});
	await n8n.client.clearRequests();
	const message = await failedActivation(WORKFLOW_ID);
	expect(message).toContain(
		`already sends its post-call webhook to ${heldBy}, another trigger of this n8n (webhook ID ${webhookId}), published: unpublish the workflow it belongs to, then try again`,
	);
	// n8n 2.40+ tries a failed activation again after 1, 2, 4 and 8 s, unless it is a conflict.
	await new Promise((resolve) => setTimeout(resolve, 3000));
	expect(await n8n.client.apiRequests({ path: '/api/user/assistants/get' })).toHaveLength(1);
	expect((await assistant()).webhook_url).toBe(heldBy);
	await server.deactivate(WORKFLOW_ID);
	await n8n.api('POST', '/api/user/assistants/disable-webhook', { assistant_id: ASSISTANT_ID });
});

describe(`${ON_N8N}: credential test (what n8n runs when the credential is saved)`, () => {
	async function testCredential(data: Record<string, string>) {
		const { status, json } = await server.rest<{ data: { status: string; message: string } }>(
			'POST',
			'/credentials/test',
			{
				credentials: {
					id: CREDENTIAL_ID,
					name: 'Famulor AI sandbox (alice)',
					type: 'famulorAiApi',
					data,
				},
			},
		);
		expect(status).toBe(200);
		return json.data;
	}

	test('passes with the right token, tolerating a trailing slash and /api on the base URL', async () => {
		expect(
			await testCredential({ apiToken: n8n.sandbox.tokens.alice, baseUrl: `${n8n.sandbox.url}/` }),
		).toMatchObject({ status: 'OK' });
		expect(
			await testCredential({
				apiToken: n8n.sandbox.tokens.alice,
				baseUrl: `${n8n.sandbox.url}/api`,
			}),
		).toMatchObject({ status: 'OK' });
	});

	test('fails with a wrong token, showing the service answer and not the token', async () => {
		const wrongToken = 'sbx_wrong_token_for_the_credential_test';
		const result = await testCredential({ apiToken: wrongToken, baseUrl: n8n.sandbox.url });
		expect(result.status).toBe('Error');
		// The wording is n8n's (2.40: "Unauthorized") or the service's; either way it says the token was refused.
		expect(result.message).toMatch(/401|Invalid API key|Authorization failed|Unauthorized/i);
		expect(result.message).not.toContain(wrongToken);
		const logged = await n8n.ctl<Array<{ path: string; status: number }>>(
			'GET',
			'/requests?path=/api/user/assistants/languages',
		);
		expect(logged.at(-1)).toMatchObject({ path: '/api/user/assistants/languages', status: 401 });
	});

	test("fails for a key or host of Famulor's newer platform with one sentence, sending nothing", async () => {
		await n8n.client.clearRequests();
		const key = await testCredential({
			apiToken: 'fam_live_3f9a1c2b7d4e5f60718293a4b5c6d7e8',
			baseUrl: n8n.sandbox.url,
		});
		expect(key).toEqual({ status: 'Error', message: NEWER_PLATFORM_KEY_MESSAGE });
		// The host's path form (/api/v1) on the sandbox's host: had anything been sent, the sandbox would log it.
		const host = await testCredential({
			apiToken: n8n.sandbox.tokens.alice,
			baseUrl: `${n8n.sandbox.url}/api/v1`,
		});
		expect(host).toEqual({ status: 'Error', message: NEWER_PLATFORM_HOST_MESSAGE });
		expect(await n8n.client.apiRequests()).toEqual([]);
	});
});
