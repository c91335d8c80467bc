import { SEED } from '../../sandbox';
import { expectAnswer, expectInvalidFields, useSandbox, WHATSAPP_SENT } from './helpers';

const c = useSandbox();

const H = 3600_000;

describe('generate-reply', () => {
	const reply = (
		body: Record<string, unknown>,
		as: 'alice' | 'bob' = 'alice',
		path = '/api/ai/generate-reply',
	) => c.post(path, body, as);

	it('answers deterministically using message, system prompt, turns and merged variables', async () => {
		const first = {
			assistant_id: 102,
			customer_identifier: 'cust-1',
			message: 'Was kostet Premium?',
			variables: { name: 'Max' },
		};
		const r1 = await reply(first);
		expectAnswer(r1, 200, {
			success: true,
			conversation_id: expect.any(String),
			customer_identifier: 'cust-1',
			reply: expect.any(String),
			function_calls: [],
			ai_disabled: false,
		});
		expect(r1.json.reply).toContain('Was kostet Premium?');
		expect(r1.json.reply).toContain('Du bist Lisa');
		expect(r1.json.reply).toContain('earlier turns: 0');
		expect(r1.json.reply).toContain('name=Max');
		const r2 = await reply({
			assistant_id: 102,
			customer_identifier: 'cust-1',
			message: 'Und Basic?',
			variables: { plan: 'basic' },
		});
		expect(r2.json.conversation_id).toBe(r1.json.conversation_id);
		expect(r2.json.reply).toContain('earlier turns: 1');
		expect(r2.json.reply).toContain('name=Max');
		expect(r2.json.reply).toContain('plan=basic');
		// other identifier, other assistant: separate context
		const r3 = await reply({ assistant_id: 102, customer_identifier: 'cust-2', message: 'Hi' });
		expect(r3.json.conversation_id).not.toBe(r1.json.conversation_id);
		expect(r3.json.reply).toContain('earlier turns: 0');
		const r4 = await reply({ assistant_id: 101, customer_identifier: 'cust-1', message: 'Hi' });
		expect(r4.json.conversation_id).not.toBe(r1.json.conversation_id);
		// same input → same reply
		await c.ctl('POST', '/reset');
		const again = await reply(first);
		expect(again.json.reply).toBe(r1.json.reply);
	});
	it('creates an api conversation with external_identifier, also via the /api/user alias', async () => {
		const r = await reply(
			{ assistant_id: 101, customer_identifier: 'ext-42', message: 'Hello' },
			'alice',
			'/api/user/ai/generate-reply',
		);
		expect(r.status).toBe(200);
		const list = await c.get('/api/user/conversations?external_identifier=ext-42');
		expect(list.json.data).toHaveLength(1);
		expect(list.json.data[0]).toMatchObject({
			id: r.json.conversation_id,
			type: 'api',
			external_identifier: 'ext-42',
			message_count: 2,
			assistant_name: 'Support Hotline',
		});
	});
	it('validates required fields (422 Laravel body)', async () => {
		const r = await reply({});
		expectInvalidFields(r, ['assistant_id', 'customer_identifier', 'message']);
		expect(r.json.message).toBe('The assistant id field is required.');
		const long = await reply({
			assistant_id: 102,
			customer_identifier: 'x'.repeat(256),
			message: 'm',
		});
		expect(long.status).toBe(422);
		expect(Object.keys(long.json.errors)).toEqual(['customer_identifier']);
	});
	it("404 ASSISTANT_NOT_FOUND for bob's assistant", async () => {
		const r = await reply({ assistant_id: 201, customer_identifier: 'c', message: 'm' });
		expectAnswer(r, 404, {
			success: false,
			error: 'Assistant not found or does not belong to you',
			error_code: 'ASSISTANT_NOT_FOUND',
		});
	});
	it('402 INSUFFICIENT_BALANCE', async () => {
		await c.ctl('POST', '/users/alice/balance', { balance: 0 });
		const r = await reply({ assistant_id: 102, customer_identifier: 'c', message: 'm' });
		expect(r.status).toBe(402);
		expect(r.json).toMatchObject({ success: false, error_code: 'INSUFFICIENT_BALANCE' });
	});
	it('rate limits 5 per minute per token with 429 and retry_after, without a Retry-After header', async () => {
		for (let i = 0; i < 5; i++)
			expect(
				(await reply({ assistant_id: 102, customer_identifier: 'rl', message: `m${i}` })).status,
			).toBe(200);
		const r = await reply({ assistant_id: 102, customer_identifier: 'rl', message: 'm6' });
		expectAnswer(r, 429, { message: 'Too Many Attempts.', retry_after: 60 });
		expect(r.headers.get('retry-after')).toBeNull();
		// per token: bob is unaffected
		expect(
			(await reply({ assistant_id: 201, customer_identifier: 'rl', message: 'm' }, 'bob')).status,
		).toBe(200);
		await c.advance(30_000);
		const mid = await reply({ assistant_id: 102, customer_identifier: 'rl', message: 'm7' });
		expect(mid.status).toBe(429);
		expect(mid.json.retry_after).toBe(30);
		await c.advance(30_000);
		expect(
			(await reply({ assistant_id: 102, customer_identifier: 'rl', message: 'm8' })).status,
		).toBe(200);
		// the rejected request is logged too
		const log = (await c.ctl('GET', '/requests?path=/api/ai/generate-reply')).json;
		expect(log.filter((e: any) => e.status === 429)).toHaveLength(2);
	});
});

describe('conversations', () => {
	it('lists newest first with default per_page 15 and the Laravel cursor shape', async () => {
		const r = await c.get('/api/user/conversations');
		expect(r.status).toBe(200);
		expect(r.json.per_page).toBe(15);
		expect(r.json.data).toHaveLength(15);
		expect(r.json.path).toBe(`${c.sb.url}/api/user/conversations`);
		expect(r.json.prev_cursor).toBeNull();
		expect(typeof r.json.next_cursor).toBe('string');
		expect(r.json.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
	});
	it('walks all pages forward and back without duplicates', async () => {
		const ids: string[] = [];
		let cursor: string | null = null;
		const pages: any[] = [];
		do {
			const r: any = await c.get(
				`/api/user/conversations?per_page=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
			);
			expect(r.status).toBe(200);
			pages.push(r.json);
			ids.push(...r.json.data.map((x: any) => x.id));
			cursor = r.json.next_cursor;
		} while (cursor);
		expect(pages).toHaveLength(6);
		expect(ids).toHaveLength(SEED.alice.conversationCount);
		expect(new Set(ids).size).toBe(ids.length);
		expect(pages[5].data).toHaveLength(5);
		expect(pages[1].prev_cursor).not.toBeNull();
		const back = await c.get(
			`/api/user/conversations?per_page=7&cursor=${encodeURIComponent(pages[2].prev_cursor)}`,
		);
		expect(back.json.data.map((x: any) => x.id)).toEqual(pages[1].data.map((x: any) => x.id));
		const first = await c.get(
			`/api/user/conversations?per_page=7&cursor=${encodeURIComponent(pages[1].prev_cursor)}`,
		);
		expect(first.json.data.map((x: any) => x.id)).toEqual(pages[0].data.map((x: any) => x.id));
		expect(first.json.prev_cursor).toBeNull();
	});
	it('has all four types with their type-specific fields', async () => {
		for (const type of ['test', 'widget', 'whatsapp', 'api']) {
			const r = await c.get(`/api/user/conversations?type=${type}&per_page=100`);
			expect(r.json.data.length).toBe(10);
			for (const conv of r.json.data) {
				expect(conv.type).toBe(type);
				expect(conv.assistant_id).toMatch(/^[0-9a-f-]{36}$/);
				if (type === 'whatsapp') {
					expect(conv.whatsapp_sender).toEqual({
						name: expect.any(String),
						phone: expect.stringMatching(/^\+/),
					});
					expect(conv.customer).toEqual({
						name: expect.any(String),
						phone: expect.stringMatching(/^\+/),
					});
				} else {
					expect(conv).not.toHaveProperty('whatsapp_sender');
				}
				if (type === 'api') expect(typeof conv.external_identifier).toBe('string');
				else expect(conv).not.toHaveProperty('external_identifier');
			}
		}
	});
	it('filters by assistant, customer phone, sender phone and external identifier', async () => {
		const byAssistant = await c.get('/api/user/conversations?assistant_id=104&per_page=100');
		expect(byAssistant.json.data.every((x: any) => x.assistant_name === 'Chat Concierge')).toBe(
			true,
		);
		const phone = encodeURIComponent(SEED.alice.openWindowCustomer.phone);
		const byCustomer = await c.get(`/api/user/conversations?customer_phone=${phone}`);
		expect(byCustomer.json.data).toHaveLength(1);
		expect(byCustomer.json.data[0].customer.name).toBe('Max Miller');
		const bySender = await c.get(
			`/api/user/conversations?whatsapp_sender_phone=${encodeURIComponent('+4915112345672')}&per_page=100`,
		);
		expect(bySender.json.data.length).toBeGreaterThan(0);
		expect(bySender.json.data.every((x: any) => x.whatsapp_sender.phone === '+4915112345672')).toBe(
			true,
		);
		const byExt = await c.get('/api/user/conversations?external_identifier=crm-lead-003');
		expect(byExt.json.data).toHaveLength(1);
	});
	it('rejects bad filters with 422', async () => {
		const cases: Array<[string, string]> = [
			['type=email', 'type'],
			['per_page=0', 'per_page'],
			['per_page=101', 'per_page'],
			['assistant_id=201', 'assistant_id'],
			['assistant_id=x', 'assistant_id'],
			['cursor=not-a-cursor', 'cursor'],
		];
		for (const [q, field] of cases) {
			const r = await c.get(`/api/user/conversations?${q}`);
			expect(r.status).toBe(422);
			expect(Object.keys(r.json.errors)).toEqual([field]);
		}
	});
	it('keeps tenants apart', async () => {
		const bob = await c.get('/api/user/conversations?per_page=100', 'bob');
		expect(bob.json.data).toHaveLength(SEED.bob.conversationCount);
		expect(bob.json.data.every((x: any) => x.assistant_name === 'Bob Outbound')).toBe(true);
	});
	it('bulk-seeds 10,000 conversations and pages through all of them by cursor', async () => {
		const seeded = await c.ctl('POST', '/conversations/seed', { user: 'bob', count: 10000 });
		expect(seeded.json).toMatchObject({ added: 10000, total: 10004 });
		let cursor: string | null = null;
		let n = 0;
		let pages = 0;
		do {
			const r: any = await c.get(
				`/api/user/conversations?per_page=100${cursor ? `&cursor=${cursor}` : ''}`,
				'bob',
			);
			n += r.json.data.length;
			cursor = r.json.next_cursor;
			pages++;
		} while (cursor);
		expect(n).toBe(10004);
		expect(pages).toBe(101);
	});
});

describe('whatsapp', () => {
	const S = SEED.alice.senders;
	const open = SEED.alice.openWindowCustomer.phone;
	const status = (sender: number, phone: string, as: 'alice' | 'bob' = 'alice') =>
		c.get(
			`/api/user/whatsapp/session-status?sender_id=${sender}&recipient_phone=${encodeURIComponent(phone)}`,
			as,
		);
	const sendFf = (body: Record<string, unknown>, as: 'alice' | 'bob' = 'alice') =>
		c.post('/api/user/whatsapp/send-freeform', body, as);

	it('session-status: open, expired and no-conversation variants', async () => {
		const o = await status(S.online, open);
		expect(o.status).toBe(200);
		expect(o.json).toMatchObject({
			success: true,
			has_conversation: true,
			conversation_id: expect.any(Number),
			customer_name: 'Max Miller',
		});
		expect(o.json.last_customer_message_at).toMatch(/\+00:00$/);
		expect(o.json.session_status).toMatchObject({
			is_open: true,
			can_send_freeform: true,
			requires_template: false,
			minutes_remaining: 23 * 60,
			expires_at: expect.stringMatching(/\+00:00$/),
		});
		const e = await status(S.online, SEED.alice.expiredWindowCustomer.phone);
		expect(e.json.has_conversation).toBe(true);
		expect(Object.keys(e.json.session_status).sort()).toEqual([
			'can_send_freeform',
			'expired_at',
			'is_open',
			'message',
			'requires_template',
		]);
		expect(e.json.session_status).toMatchObject({
			is_open: false,
			can_send_freeform: false,
			requires_template: true,
		});
		const n = await status(S.online, SEED.alice.unknownCustomerPhone);
		expect(n.json).toEqual({
			success: true,
			has_conversation: false,
			session_status: {
				is_open: false,
				can_send_freeform: false,
				requires_template: true,
				message: expect.any(String),
			},
		});
	});
	it('session-status 404 for a foreign or missing sender', async () => {
		for (const id of [SEED.bob.senders.online, 99999]) {
			const r = await status(id, open);
			expectAnswer(r, 404, {
				success: false,
				error: 'Sender not found',
				error_code: 'SENDER_NOT_FOUND',
			});
		}
	});
	it('the 24 h window: open at 24h-1ms, closed at exactly 24h, restarted by an inbound message', async () => {
		const phone = '+4917655500001';
		const inbound = await c.ctl('POST', '/whatsapp/inbound', {
			sender_id: S.online,
			customer_phone: phone,
			customer_name: 'Edge Case',
			message: 'Hallo',
		});
		expect(inbound.status).toBe(200);
		await c.advance(24 * H - 1);
		let r = await status(S.online, phone);
		expect(r.json.session_status).toMatchObject({
			is_open: true,
			can_send_freeform: true,
			minutes_remaining: 0,
		});
		expect(
			(await sendFf({ sender_id: S.online, recipient_phone: phone, message: 'still open' })).status,
		).toBe(200);
		await c.advance(1);
		r = await status(S.online, phone);
		expect(r.json.session_status).toMatchObject({
			is_open: false,
			requires_template: true,
			expired_at: expect.any(String),
		});
		await c.advance(1000);
		const refused = await sendFf({
			sender_id: S.online,
			recipient_phone: phone,
			message: 'too late',
		});
		expect(refused.status).toBe(403);
		expect(refused.json).toMatchObject({
			success: false,
			error_code: 'SESSION_EXPIRED',
			error: expect.any(String),
			session_status: {
				is_open: false,
				can_send_freeform: false,
				requires_template: true,
				expired_at: expect.any(String),
			},
		});
		await c.ctl('POST', '/whatsapp/inbound', {
			sender_id: S.online,
			customer_phone: phone,
			message: 'Ich bin wieder da',
		});
		r = await status(S.online, phone);
		expect(r.json.session_status).toMatchObject({ is_open: true, minutes_remaining: 24 * 60 });
		// a second inbound restarts the timer
		await c.advance(20 * H);
		await c.ctl('POST', '/whatsapp/inbound', {
			sender_id: S.online,
			customer_phone: phone,
			message: 'noch was',
		});
		await c.advance(23 * H);
		expect((await status(S.online, phone)).json.session_status.is_open).toBe(true);
	});
	it('send-freeform succeeds, costs balance and reports the session', async () => {
		const before = (await c.get('/api/user/me')).json.total_balance;
		const r = await sendFf({ sender_id: S.online, recipient_phone: open, message: 'Hallo Max!' });
		expectAnswer(r, 200, {
			...WHATSAPP_SENT,
			session_status: expect.objectContaining({ is_open: true }),
		});
		const after = (await c.get('/api/user/me')).json.total_balance;
		expect(Math.round((before - after) * 100) / 100).toBe(0.05);
		const st = await status(S.online, open);
		expect(st.json.conversation_id).toBe(r.json.conversation_id);
	});
	it('send-freeform errors: 404, 503, 403, 402, 422', async () => {
		const nf = await sendFf({
			sender_id: SEED.bob.senders.online,
			recipient_phone: open,
			message: 'x',
		});
		expectAnswer(nf, 404, {
			success: false,
			error: 'Sender not found or does not belong to you',
			error_code: 'SENDER_NOT_FOUND',
		});
		await c.advance(1000);
		const off = await sendFf({ sender_id: S.offline, recipient_phone: open, message: 'x' });
		expectAnswer(off, 503, {
			success: false,
			error: 'Sender is not online. Current status: Offline',
			error_code: 'SENDER_OFFLINE',
		});
		const none = await sendFf({
			sender_id: S.online,
			recipient_phone: SEED.alice.unknownCustomerPhone,
			message: 'x',
		});
		expect(none.status).toBe(403);
		expect(none.json.error_code).toBe('SESSION_EXPIRED');
		await c.advance(1000);
		const phone = await sendFf({
			sender_id: S.online,
			recipient_phone: '0176 1234567',
			message: 'x',
		});
		expect(phone.status).toBe(422);
		expect(phone.json).toMatchObject({
			success: false,
			error_code: 'INVALID_PHONE',
			error: expect.stringContaining('E.164'),
		});
		const long = await sendFf({
			sender_id: S.online,
			recipient_phone: open,
			message: 'x'.repeat(4097),
		});
		expect(long.status).toBe(422);
		expect(long.json).toMatchObject({
			success: false,
			error_code: 'VALIDATION_ERROR',
			errors: { message: [expect.any(String)] },
		});
		await c.advance(1000);
		expect(
			(await sendFf({ sender_id: S.online, recipient_phone: open, message: 'x'.repeat(4096) }))
				.status,
		).toBe(200);
		await c.ctl('POST', '/users/alice/balance', { balance: 0.04 });
		const poor = await sendFf({ sender_id: S.online, recipient_phone: open, message: 'x' });
		expectAnswer(poor, 402, {
			success: false,
			error: 'Insufficient balance. Please top up your account.',
			error_code: 'INSUFFICIENT_BALANCE',
		});
		// a sender set online via controls works
		await c.ctl('POST', `/whatsapp/senders/${S.offline}/status`, { status: 'online' });
		await c.ctl('POST', '/users/alice/balance', { balance: 5 });
		await c.ctl('POST', '/whatsapp/inbound', {
			sender_id: S.offline,
			customer_phone: open,
			message: 'hi',
		});
		await c.advance(1000);
		expect(
			(await sendFf({ sender_id: S.offline, recipient_phone: open, message: 'x' })).status,
		).toBe(200);
	});
	it('rate limits send-freeform to 5 per second per user', async () => {
		for (let i = 0; i < 5; i++)
			expect(
				(await sendFf({ sender_id: S.online, recipient_phone: open, message: `m${i}` })).status,
			).toBe(200);
		const r = await sendFf({ sender_id: S.online, recipient_phone: open, message: 'm6' });
		expectAnswer(r, 429, { message: 'Too Many Attempts.', retry_after: 1 });
		expect(r.headers.get('retry-after')).toBeNull();
		// per user: bob still can
		expect(
			(
				await sendFf(
					{
						sender_id: SEED.bob.senders.online,
						recipient_phone: SEED.bob.openWindowCustomer.phone,
						message: 'x',
					},
					'bob',
				)
			).status,
		).toBe(200);
		await c.advance(1000);
		expect(
			(await sendFf({ sender_id: S.online, recipient_phone: open, message: 'm7' })).status,
		).toBe(200);
	});
	it('lists senders (online by default, all on request)', async () => {
		const online = await c.get('/api/user/whatsapp/senders');
		expect(online.json.data.map((s: any) => s.id)).toEqual([S.online]);
		const all = await c.get('/api/user/whatsapp/senders?status=all');
		expect(all.json.data.map((s: any) => s.id)).toEqual([S.online, S.offline]);
	});
});
