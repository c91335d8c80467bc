/**
 * A sandbox with a state file (as `npm start` runs it) keeps the webhook deliveries waiting for their
 * next attempt: after a restart each is retried when due, byte for byte the same delivery, on the same
 * schedule and with the same final give-up as without the restart.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createClock, SEED, type SandboxOptions } from '../../sandbox';
import { boot, type Client } from './helpers';
import { webhookReceiver, type Receiver } from './receiver';

/** The manual clock's default start: a sandbox restarted on it resumes at the moment the first one stopped. */
const CLOCK_START = Date.UTC(2026, 0, 15, 9, 0, 0);
const CALL_RETRY_DELAYS_MS = [1000, 2000, 4000];
const RECEIPTS = '/whatsapp/senders/71/read-receipts';

let dir: string;
let file: string;
let hook: Receiver;
const running: Client[] = [];

async function start(opts: SandboxOptions = {}): Promise<Client> {
	const client = await boot({
		stateFile: file,
		callDurationMs: 0,
		webhookRetryDelaysMs: CALL_RETRY_DELAYS_MS,
		// the post-call retries are beyond the docs (the chat webhooks' are documented)
		beyondDocs: ['postCallRetries'],
		...opts,
	});
	running.push(client);
	return client;
}

async function restart(client: Client, opts: SandboxOptions = {}): Promise<Client> {
	running.splice(running.indexOf(client), 1);
	await client.sb.stop();
	const next = await start(opts);
	expect(next.sb.stateFile).toBe(`restored from ${file}`);
	return next;
}

beforeEach(async () => {
	dir = mkdtempSync(join(tmpdir(), 'sandbox-retries-'));
	file = join(dir, 'sandbox-state.json');
	hook = await webhookReceiver();
});
afterEach(async () => {
	for (const client of running.splice(0)) await client.sb.stop();
	await hook.close();
	rmSync(dir, { recursive: true, force: true });
});

/** A chat of assistant 104 ended now, its conversation-ended delivery answered by `hook.script`. */
async function endedChat(client: Client): Promise<string> {
	await client.post('/api/user/assistants/enable-conversation-ended-webhook', {
		assistant_id: 104,
		webhook_url: `${hook.url}/ended`,
	});
	const uuid = (
		await client.ctl('POST', '/whatsapp/inbound', {
			sender_id: 71,
			customer_phone: '+4917655501234',
			message: 'Hallo',
		})
	).json.conversation_uuid as string;
	await client.ctl('POST', `/conversations/${uuid}/end`);
	return uuid;
}

/** A completed call of assistant 102, its post-call delivery answered by `hook.script`. */
async function completedCall(client: Client): Promise<number> {
	await client.put('/api/user/assistant/102', {
		is_webhook_active: true,
		webhook_url: `${hook.url}/post-call`,
	});
	const call = await client.post('/api/user/make_call', {
		phone_number: '+4917612345678',
		assistant_id: 102,
	});
	const callId = call.json.call_id as number;
	await client.ctl('POST', `/calls/${callId}/end`, { status: 'completed' });
	return callId;
}

async function sentMessage(client: Client): Promise<number> {
	const sent = await client.post('/api/user/whatsapp/send-freeform', {
		sender_id: 71,
		recipient_phone: SEED.alice.openWindowCustomer.phone,
		message: 'Hi',
	});
	return sent.json.whatsapp_message_id as number;
}

const attempts = async (client: Client, query: string) =>
	((await client.ctl('GET', `/webhooks?${query}`)).json as Array<Record<string, unknown>>).map(
		(entry) => [entry.attempt, entry.status],
	);

/**
 * The restarted sandbox sends the one failed delivery again exactly when due, the same bytes to the
 * same path, and logs it as attempt 2, answered 200.
 */
async function expectRetriedWhenDue(
	second: Client,
	dueMs: number,
	delivery: { path: string; key: 'conversation_id' | 'id'; value: unknown },
	logQuery: string,
): Promise<void> {
	await second.advance(dueMs - 1);
	expect(hook.received).toHaveLength(1);
	await second.advance(1);
	expect(hook.received.map((r) => [r.path, r.body[delivery.key]])).toEqual([
		[delivery.path, delivery.value],
		[delivery.path, delivery.value],
	]);
	expect(hook.received[1].raw).toBe(hook.received[0].raw);
	expect(await attempts(second, logQuery)).toEqual([[2, 200]]);
}

test('a failed conversation-ended delivery is retried 30 s after it failed, after a restart, as the same delivery', async () => {
	const first = await start();
	hook.script = [500];
	const uuid = await endedChat(first);
	expect(hook.received).toHaveLength(1);

	const second = await restart(first);
	await expectRetriedWhenDue(
		second,
		30_000,
		{ path: '/ended', key: 'conversation_id', value: uuid },
		'kind=conversation_ended',
	);
	await second.advance(600_000);
	expect(hook.received).toHaveLength(2);
});

test('a failed post-call delivery is retried when due after a restart, as the same delivery', async () => {
	const first = await start();
	hook.script = [503];
	const callId = await completedCall(first);

	const second = await restart(first);
	await expectRetriedWhenDue(
		second,
		CALL_RETRY_DELAYS_MS[0],
		{ path: '/post-call', key: 'id', value: callId },
		`callId=${callId}`,
	);
});

test('a retry that came due while the sandbox was down goes out at start', async () => {
	const first = await start();
	hook.script = [500];
	const callId = await completedCall(first);

	const later = createClock({ realTime: false, start: CLOCK_START + 3_600_000 });
	const second = await restart(first, { clock: later });
	await second.advance(0);
	expect(hook.received.map((r) => r.body.id)).toEqual([callId, callId]);
});

test('signed read receipts keep their signature, schedule and final give-up across restarts', async () => {
	const first = await start();
	const settings = (await first.ctl('PUT', RECEIPTS, { url: `${hook.url}/receipts` })).json;
	const messageId = await sentMessage(first);
	hook.script = [503, 503, 503, 503];
	await first.ctl('POST', `/whatsapp/messages/${messageId}/statuses`, { statuses: ['delivered'] });
	// A secret regenerated after the event signs later events only.
	await first.ctl('POST', `${RECEIPTS}/regenerate`);

	let client = await restart(first);
	for (const [wait, count] of [
		[29_999, 1],
		[1, 2],
		[60_000, 3],
	]) {
		await client.advance(wait);
		expect(hook.received).toHaveLength(count);
	}
	client = await restart(client, {
		clock: createClock({ realTime: false, start: CLOCK_START + 90_000 }),
	});
	await client.advance(119_999);
	expect(hook.received).toHaveLength(3);
	await client.advance(1);
	expect(hook.received).toHaveLength(4);
	client = await restart(client);
	await client.advance(3_600_000);
	expect(hook.received).toHaveLength(4);
	for (const r of hook.received) {
		expect(r.raw).toBe(hook.received[0].raw);
		expect(r.headers['x-signature-256']).toBe(
			`sha256=${createHmac('sha256', settings.signing_secret).update(r.raw).digest('hex')}`,
		);
	}
});

test('a delivery that gave up is not resumed; the one still waiting is', async () => {
	const first = await start();
	await first.ctl('PUT', RECEIPTS, { url: `${hook.url}/receipts` });
	const final = await sentMessage(first);
	const waiting = await sentMessage(first);
	// A 404 is final for read receipts; a 500 is retried.
	hook.script = [404, 500];
	await first.ctl('POST', `/whatsapp/messages/${final}/statuses`, { statuses: ['delivered'] });
	await first.ctl('POST', `/whatsapp/messages/${waiting}/statuses`, { statuses: ['delivered'] });

	const second = await restart(first);
	await second.advance(3_600_000);
	expect(hook.received.map((r) => r.body.whatsapp_message_id)).toEqual([final, waiting, waiting]);
});

test('a state file from before deliveries were kept is still read, and keeps them from then on', async () => {
	const first = await start();
	await completedCall(first);
	running.splice(running.indexOf(first), 1);
	await first.sb.stop();
	const saved = JSON.parse(readFileSync(file, 'utf8')) as { state: Record<string, unknown> };
	delete saved.state.pendingWebhooks;
	writeFileSync(file, JSON.stringify(saved));

	const second = await start();
	expect(second.sb.stateFile).toBe(`restored from ${file}`);
	hook.script = [500];
	const callId = await completedCall(second);
	const third = await restart(second);
	await third.advance(1000);
	expect(hook.received.map((r) => r.body.id)).toEqual([callId - 1, callId, callId]);
});
