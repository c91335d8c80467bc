/**
 * A sandbox with a state file (as `npm start` runs it) keeps its records across a restart: the
 * webhook a published n8n trigger registered still receives the call that ends after the restart.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { boot, receiver, type Client, type Receiver } from './helpers';

let dir: string;
let file: string;
let hook: Receiver;
const running: Client[] = [];

async function start(stateFile: string | null = file): Promise<Client> {
	const client = await boot({
		stateFile: stateFile ?? undefined,
		callDurationMs: 5000,
		webhookRetryDelaysMs: [],
	});
	running.push(client);
	return client;
}

async function stop(client: Client): Promise<void> {
	running.splice(running.indexOf(client), 1);
	await client.sb.stop();
}

async function assistant102(client: Client): Promise<Record<string, unknown>> {
	const page = await client.get('/api/user/assistants/get?per_page=100');
	return (page.json.data as Array<Record<string, unknown>>).find((a) => a.id === 102)!;
}

const publish = async (client: Client) =>
	await client.put('/api/user/assistant/102', {
		is_webhook_active: true,
		webhook_url: `${hook.url}/post-call`,
	});

beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
	file = join(dir, 'sandbox-state.json');
	hook = await receiver();
});
afterEach(async () => {
	for (const client of [...running]) await stop(client);
	await hook.close();
	rmSync(dir, { recursive: true, force: true });
});

test('a webhook and a call under way survive a restart; the call ends and is delivered after it', async () => {
	const first = await start();
	expect(first.sb.stateFile).toBe(`new (${file})`);
	expect((await publish(first)).status).toBe(200);
	const call = await first.post('/api/user/make_call', {
		phone_number: '+4917612345678',
		assistant_id: 102,
	});
	const callId = call.json.call_id as number;
	await stop(first);

	const second = await start();
	expect(second.sb.stateFile).toBe(`restored from ${file}`);
	expect(await assistant102(second)).toMatchObject({
		is_webhook_active: true,
		webhook_url: `${hook.url}/post-call`,
	});
	expect((await second.get(`/api/user/calls/${callId}`)).json).toMatchObject({
		id: callId,
		status: 'initiated',
	});
	await second.advance(5000);
	expect(hook.received.map((r) => [r.path, r.body.id ?? r.body.call_id])).toEqual([
		['/post-call', callId],
	]);
	// New ids continue after the restored ones.
	const next = await second.post('/api/user/make_call', {
		phone_number: '+4917612345678',
		assistant_id: 102,
	});
	expect(next.json.call_id).toBe(callId + 1);
});

test('a change is in the file soon after its request, before any stop', async () => {
	const first = await start();
	await publish(first);
	await new Promise((resolve) => setTimeout(resolve, 500));
	const copy = join(dir, 'copy.json');
	writeFileSync(copy, readFileSync(file));
	const fromCopy = await start(copy);
	expect(await assistant102(fromCopy)).toMatchObject({ webhook_url: `${hook.url}/post-call` });
});

test('without a state file, or with an unusable one, the sandbox starts from its seed', async () => {
	const seeded = await start(null);
	expect(seeded.sb.stateFile).toBeUndefined();
	const seededWebhook = (await assistant102(seeded)).webhook_url;
	expect(seededWebhook).not.toBe(`${hook.url}/post-call`);

	writeFileSync(file, JSON.stringify({ format: 1, shape: 'an older sandbox', state: {} }));
	const refused = await start();
	expect(refused.sb.stateFile).toBe(
		`started from the seed: ${file} could not be used (the sandbox’s records have changed shape since it was saved); moved to ${file}.unusable`,
	);
	expect(existsSync(`${file}.unusable`)).toBe(true);
	expect((await assistant102(refused)).webhook_url).toBe(seededWebhook);
});
