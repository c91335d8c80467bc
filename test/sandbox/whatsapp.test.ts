/** WhatsApp free-form messaging: session status, the 24-hour window, send-freeform, senders. */
import { SEED } from '../../sandbox';
import { expectAnswer, useSandbox, WHATSAPP_SENT } from './helpers';

const c = useSandbox();

const H = 3600_000;

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
