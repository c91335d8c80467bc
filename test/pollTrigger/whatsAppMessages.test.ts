/**
 * New WhatsApp Message through n8n-core's PollContext against the sandbox: the first poll is quiet,
 * each customer message comes out once (oldest first within its conversation), across restarts,
 * page overflow, a failed poll, each filter and the bound of the remembered state.
 */
import { SEED } from '../../sandbox';
import { MAX_TRACKED_RECORDS } from '../../nodes/FamulorPollTrigger/constants';
import { NEW_CUSTOMER, byId, usePollKit } from './pollKit';
import { drivingTimers, expectBackoffs, settledValue } from '../helpers/drivenClock';

const pk = usePollKit();
const WHATSAPP = { event: 'newWhatsAppMessage' };
const MAX = SEED.alice.openWindowCustomer;

const texts = (items: Array<{ message?: unknown }>) => items.map((item) => item.message);

test('the first poll remembers the present and emits nothing; then each new customer message once, oldest first, with what the next nodes take', async () => {
	const trigger = pk().trigger(WHATSAPP);
	await pk().takeRequests();
	expect((await trigger.activate()).items).toEqual([]);
	expect(await pk().takeRequests()).toEqual([
		{
			method: 'GET',
			path: '/api/user/conversations',
			query: { type: 'whatsapp', per_page: '100' },
		},
	]);

	const maxConversation = await pk().whatsApp('Are you open on Saturday?');
	await pk().whatsApp('And on Sunday?');
	const noraConversation = await pk().whatsApp('Hello, I am new here', NEW_CUSTOMER);
	const { items } = await trigger.poll();
	const of = (uuid: string) => texts(items.filter((item) => item.conversation_id === uuid));
	expect(items).toHaveLength(3);
	expect(of(maxConversation)).toEqual(['Are you open on Saturday?', 'And on Sunday?']);
	expect(of(noraConversation)).toEqual(['Hello, I am new here']);
	expect(items.find((item) => item.conversation_id === maxConversation)).toEqual({
		conversation_id: maxConversation,
		type: 'whatsapp',
		message: 'Are you open on Saturday?',
		message_index: 1,
		conversation_updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
		sender_id: SEED.alice.senders.online,
		customer_phone: MAX.phone,
		customer_name: MAX.name,
		whatsapp_sender: {
			id: SEED.alice.senders.online,
			name: 'Example Support',
			phone: '+4915112345671',
		},
		customer: { name: MAX.name, phone: MAX.phone },
		assistant_id: expect.any(String),
		assistant_name: 'Chat Concierge',
		ai_enabled: true,
	});
	expect(items.find((item) => item.conversation_id === noraConversation)).toMatchObject({
		conversation_id: noraConversation,
		message_index: 0,
		customer_name: NEW_CUSTOMER.name,
	});
	// The list, the two histories and the senders (to give each message its sender's ID).
	expect((await pk().takeRequests()).map((r) => `${r.method} ${r.path}`).sort()).toEqual(
		[
			'GET /api/user/conversations',
			`GET /api/conversations/${maxConversation}`,
			`GET /api/conversations/${noraConversation}`,
			'GET /api/user/whatsapp/senders',
		].sort(),
	);

	expect((await trigger.poll()).items).toEqual([]);
	// An idle poll: one request.
	expect(await pk().takeRequests()).toHaveLength(1);
});

test('restart: what was emitted and saved is not emitted again; what came while n8n was down is', async () => {
	const trigger = pk().trigger(WHATSAPP);
	await trigger.activate();
	await pk().whatsApp('first');
	expect(texts((await trigger.poll()).items)).toEqual(['first']);
	await pk().whatsApp('while n8n was down');
	trigger.restart();
	expect(texts((await trigger.poll()).items)).toEqual(['while n8n was down']);
	trigger.restart();
	expect((await trigger.poll()).items).toEqual([]);
});

test('more changed conversations than one page holds: every message of every page, once', async () => {
	await pk().kit.control('POST', '/conversations/seed', {
		user: 'alice',
		count: 150,
		type: 'whatsapp',
	});
	const trigger = pk().trigger(WHATSAPP);
	await trigger.activate();
	await pk().takeRequests();
	// Max's conversation is one of the oldest: on the second page.
	await pk().whatsApp('deep down the list');
	const bulk = await pk().kit.api('GET', '/api/user/conversations?type=whatsapp&per_page=1');
	const newest = String((bulk.json.data as Array<{ id: string }>)[0].id);
	const customerOf = (await pk().kit.api('GET', `/api/conversations/${newest}`)).json.customer as {
		phone: string;
		name: string;
	};
	await pk().whatsApp(
		'at the top',
		customerOf,
		(await pk().kit.control<{ sender_id: number }>('GET', `/state/conversations/${newest}`))
			.sender_id,
	);
	await pk().takeRequests();
	expect(texts((await trigger.poll()).items).sort()).toEqual(['at the top', 'deep down the list']);
	const listReads = (await pk().takeRequests()).filter((r) => r.path === '/api/user/conversations');
	expect(listReads).toHaveLength(2);
	expect((await trigger.poll()).items).toEqual([]);
});

test('a sweep position the service refuses (a stale cursor) starts the cycle over: nothing is lost', async () => {
	await pk().seedWhatsApp(150);
	const trigger = pk().trigger(WHATSAPP);
	await trigger.activate();
	const state = trigger.remembered() as { sweep: { next: string } };
	state.sweep.next = 'not-a-cursor';
	await pk().whatsApp('deep down the list');
	await pk().takeRequests();
	expect(texts((await trigger.poll()).items)).toEqual(['deep down the list']);
	const cursors = (await pk().takeRequests())
		.filter((r) => r.path === '/api/user/conversations')
		.map((r) => r.query.cursor);
	// The first page, the refused cursor, then the first page's own next cursor.
	expect(cursors).toEqual([undefined, 'not-a-cursor', expect.any(String)]);
	expect((trigger.remembered() as { sweep: { next: string } }).sweep.next).toBe('');
});

test('a poll that fails half way emits what it read, and the next poll the rest, nothing twice', async () => {
	const trigger = pk().trigger(WHATSAPP);
	await trigger.activate();
	await pk().whatsApp('from Max');
	await pk().whatsApp('from Nora', NEW_CUSTOMER);
	// The second history read fails (every retry too).
	await pk().kit.fault({
		method: 'GET',
		path: '/api/conversations/*',
		count: 10,
		kind: '500',
		skip: 1,
	});
	const { result, waitsMs } = await drivingTimers(() => trigger.poll());
	const half = settledValue(result);
	expectBackoffs(waitsMs);
	expect(half.items).toHaveLength(1);
	expect(trigger.warnings.join('\n')).toMatch(/emitted 1 events, then a request failed/);
	await pk().clearFaults();
	const rest = await trigger.poll();
	expect([...texts(half.items), ...texts(rest.items)].sort()).toEqual(['from Max', 'from Nora']);
	expect((await trigger.poll()).items).toEqual([]);
});

test('a poll that starts while the previous one still reads skips its turn: nothing is emitted twice', async () => {
	const trigger = pk().trigger(WHATSAPP);
	await trigger.activate();
	await pk().whatsApp('only once');
	const [first, second] = await Promise.all([trigger.poll(), trigger.poll()]);
	expect([...texts(first.items), ...texts(second.items)]).toEqual(['only once']);
	expect((await trigger.poll()).items).toEqual([]);
});

test('a poll whose list read fails throws, changes nothing, and the next poll emits everything', async () => {
	const trigger = pk().trigger(WHATSAPP);
	await trigger.activate();
	const before = JSON.stringify(trigger.live());
	await pk().whatsApp('while the service failed');
	await pk().kit.fault({ method: 'GET', path: '/api/user/conversations', count: 10, kind: '500' });
	const { result, waitsMs } = await drivingTimers(() => trigger.poll());
	const failed = settledValue(result);
	expectBackoffs(waitsMs);
	expect(failed.error?.message).toBeDefined();
	expect(JSON.stringify(trigger.live())).toBe(before);
	await pk().clearFaults();
	expect(texts((await trigger.poll()).items)).toEqual(['while the service failed']);
});

test('filters: sender (the list asked by its phone), assistant, only while AI is off', async () => {
	const bySender = pk().trigger({ ...WHATSAPP, senderId: byId(SEED.alice.senders.offline) });
	const byAssistant = pk().trigger({
		...WHATSAPP,
		assistantId: byId(SEED.alice.inboundAssistantId),
	});
	const aiOff = pk().trigger({ ...WHATSAPP, onlyWhileAiOff: true });
	for (const trigger of [bySender, byAssistant, aiOff]) await trigger.activate();
	const listQueries = (await pk().takeRequests()).filter(
		(r) => r.path === '/api/user/conversations',
	);
	expect(listQueries.map((r) => r.query)).toEqual([
		{ type: 'whatsapp', whatsapp_sender_phone: expect.any(String), per_page: '100' },
		{ type: 'whatsapp', assistant_id: String(SEED.alice.inboundAssistantId), per_page: '100' },
		{ type: 'whatsapp', per_page: '100' },
	]);
	const conversation = await pk().whatsApp('to sender 71 while the AI answers');
	expect((await bySender.poll()).items).toEqual([]);
	expect((await byAssistant.poll()).items).toEqual([]);
	expect((await aiOff.poll()).items).toEqual([]);
	await pk().kit.api('POST', `/api/automate/conversations/${conversation}/disable-ai`);
	await pk().whatsApp('to sender 71 after handover');
	expect(texts((await aiOff.poll()).items)).toEqual(['to sender 71 after handover']);
	await pk().whatsApp('to sender 72', NEW_CUSTOMER, SEED.alice.senders.offline);
	expect(texts((await bySender.poll()).items)).toEqual(['to sender 72']);
});

test('2,100 conversations: a message past the old 20-page horizon is emitted, the state stays bounded, and no poll warns', async () => {
	await pk().kit.control('POST', '/conversations/seed', {
		user: 'alice',
		count: 2100,
		type: 'whatsapp',
	});
	// The newest update a minute after the 2,100 were made (the records of the newest update's
	// second are all remembered, since a change in that second may come after the read).
	await pk().kit.control('POST', '/clock/advance', { ms: 60_000 });
	await pk().whatsApp('before the trigger starts', NEW_CUSTOMER);
	const trigger = pk().trigger(WHATSAPP);
	await trigger.activate();
	await pk().whatsApp('still seen');
	// Max's conversation is among the oldest, on page 22: the sweep reaches it within six polls.
	const items = [];
	for (let n = 0; n < 6; n++) items.push(...(await trigger.poll()).items);
	expect(texts(items)).toEqual(['still seen']);
	const state = trigger.remembered() as { tracked: object };
	expect(Object.keys(state.tracked).length).toBeLessThanOrEqual(MAX_TRACKED_RECORDS);
	expect(JSON.stringify(trigger.live()).length).toBeLessThan(100_000);
	expect(trigger.warnings).toEqual([]);
}, 60_000);

test('Fetch Test Event returns the latest real customer message and changes nothing; none says so plainly', async () => {
	await pk().whatsApp('the latest one');
	const trigger = pk().trigger(WHATSAPP);
	const sample = await trigger.poll('manual');
	expect(texts(sample.items)).toEqual(['the latest one']);
	expect(trigger.remembered()).toBeUndefined();
	const none = await pk()
		.trigger({ ...WHATSAPP, assistantId: byId(SEED.alice.inboundAssistantId) })
		.poll('manual');
	expect(none.error?.message).toMatch(
		/^No customer has written in a WhatsApp conversation that matches these filters yet/,
	);
});
