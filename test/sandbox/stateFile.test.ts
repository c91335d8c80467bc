/**
 * A sandbox with a state file (as `npm start` runs it) keeps its records across a restart: the
 * webhook a published n8n trigger registered still receives the call that ends after the restart;
 * a sender's read-receipt webhook, the messages it reports on and the chats' ends are kept too.
 */
import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { SEED } from '../../sandbox';
import { boot, fakeTimeouts, type Client } from './helpers';
import { webhookReceiver, type Receiver } from './receiver';

/**
 * "Soon" after a change: the time a test gives the sandbox to write it, on jest's fake clock (the
 * write waits on a timer, which the tests advance instead of waiting for it).
 */
const SOON_MS = 500;

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
	hook = await webhookReceiver();
});
afterEach(async () => {
	jest.useRealTimers();
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
	fakeTimeouts();
	await publish(first);
	await jest.advanceTimersByTimeAsync(SOON_MS);
	const copy = join(dir, 'copy.json');
	writeFileSync(copy, readFileSync(file));
	const fromCopy = await start(copy);
	expect(await assistant102(fromCopy)).toMatchObject({ webhook_url: `${hook.url}/post-call` });
});

test('a change made by the clock (a call ending) is in the file soon after, before any request or stop', async () => {
	const first = await start();
	fakeTimeouts();
	const call = await first.post('/api/user/make_call', {
		phone_number: '+4917612345678',
		assistant_id: 102,
	});
	const callId = call.json.call_id as number;
	// The request's own write is done, so the next one can only come from the call's end.
	await jest.advanceTimersByTimeAsync(SOON_MS);
	await first.advance(5000);
	await jest.advanceTimersByTimeAsync(SOON_MS);
	const copy = join(dir, 'copy.json');
	writeFileSync(copy, readFileSync(file));
	const fromCopy = await start(copy);
	expect((await fromCopy.get(`/api/user/calls/${callId}`)).json).toMatchObject({
		id: callId,
		status: 'completed',
	});
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

describe('chat webhooks across a restart', () => {
	const RECEIPTS = '/whatsapp/senders/71/read-receipts';
	const sendFreeform = async (client: Client) =>
		(
			await client.post('/api/user/whatsapp/send-freeform', {
				sender_id: 71,
				recipient_phone: SEED.alice.openWindowCustomer.phone,
				message: 'Hi',
			})
		).json.whatsapp_message_id as number;
	const report = async (client: Client, id: number, status: string) =>
		await client.ctl('POST', `/whatsapp/messages/${id}/statuses`, { statuses: [status] });
	const customerWrites = async (client: Client) =>
		(
			await client.ctl('POST', '/whatsapp/inbound', {
				sender_id: 71,
				customer_phone: '+4917655501234',
				message: 'Hallo',
			})
		).json.conversation_uuid as string;
	const enableChatEnded = async (client: Client) =>
		await client.post('/api/user/assistants/enable-conversation-ended-webhook', {
			assistant_id: 104,
			webhook_url: `${hook.url}/ended`,
		});

	test("a sender's read-receipt webhook, with its secret, and the messages sent before still report after it", async () => {
		const first = await start();
		const settings = (await first.ctl('PUT', RECEIPTS, { url: `${hook.url}/receipts` })).json;
		const before = await sendFreeform(first);
		await stop(first);

		const second = await start();
		expect((await second.ctl('GET', RECEIPTS)).json).toEqual(settings);
		expect((await report(second, before, 'delivered')).json).toMatchObject({ status: 'delivered' });
		const after = await sendFreeform(second);
		await report(second, after, 'sent');
		expect(hook.received.map((r) => [r.path, r.body.whatsapp_message_id, r.body.status])).toEqual([
			['/receipts', before, 'delivered'],
			['/receipts', after, 'sent'],
		]);
		for (const r of hook.received)
			expect(r.headers['x-signature-256']).toBe(
				`sha256=${createHmac('sha256', settings.signing_secret).update(r.raw).digest('hex')}`,
			);
	});

	test('an ended chat stays ended: ending it again is refused and nothing is delivered twice', async () => {
		const first = await start();
		await enableChatEnded(first);
		const uuid = await customerWrites(first);
		expect((await first.ctl('POST', `/conversations/${uuid}/end`)).status).toBe(200);
		await stop(first);

		const second = await start();
		expect((await second.ctl('POST', `/conversations/${uuid}/end`)).json).toEqual({
			message: 'Conversation already ended',
		});
		await second.advance(30 * 60_000);
		expect(hook.received.map((r) => [r.path, r.body.conversation_id])).toEqual([['/ended', uuid]]);
	});

	test('a chat counting down to its inactivity end still ends when due', async () => {
		const first = await start();
		await enableChatEnded(first);
		const uuid = await customerWrites(first);
		await stop(first);

		const second = await start();
		await second.advance(30 * 60_000 - 1);
		expect(hook.received).toEqual([]);
		await second.advance(1);
		expect(hook.received.map((r) => [r.path, r.body.conversation_id])).toEqual([['/ended', uuid]]);
	});

	test('a state file from before they were kept is still read, without them', async () => {
		const first = await start();
		await publish(first);
		await first.ctl('PUT', RECEIPTS, { url: `${hook.url}/receipts` });
		await stop(first);
		const saved = JSON.parse(readFileSync(file, 'utf8')) as { state: Record<string, unknown> };
		for (const key of ['readReceipts', 'sentWhatsApp', 'chatEnds']) delete saved.state[key];
		writeFileSync(file, JSON.stringify(saved));

		const second = await start();
		expect(second.sb.stateFile).toBe(`restored from ${file}`);
		expect((await assistant102(second)).webhook_url).toBe(`${hook.url}/post-call`);
		expect((await second.ctl('GET', RECEIPTS)).json).toMatchObject({ url: null });
	});
});
