/**
 * The sandbox's control endpoints (token, clock, reset, balance, seeding, calls) and its request
 * log.
 */
import { SEED } from '../../sandbox';
import { expectAnswer, placeCall, useSandbox } from './helpers';

const c = useSandbox();

describe('control endpoints', () => {
	it('need the control token', async () => {
		for (const as of [null, 'alice' as const, { raw: 'Bearer wrong' }]) {
			const r = await c.req('POST', '/__sandbox/reset', { as });
			expectAnswer(r, 401, { message: 'Unauthenticated.' });
		}
		expect(c.sb.controlToken).toBe(SEED.controlToken);
	});
	it('advance the clock over HTTP', async () => {
		const before = c.sb.clock.now();
		const r = await c.ctl('POST', '/clock/advance', { ms: 90_000 });
		expect(r.status).toBe(200);
		expect(r.json.now).toBe(before + 90_000);
		expect((await c.ctl('POST', '/clock/advance', { ms: -1 })).status).toBe(422);
	});
	it('reset restores the seeded state and keeps tokens', async () => {
		await c.post('/api/user/assistant', {
			assistant_name: 'Temp',
			voice_id: 1001,
			language: 'English',
			llm_model: 'gpt-4o',
			calls_direction: 'make',
			engine_type: 'pipeline',
			timezone: 'UTC',
			initial_message: 'Hi',
			system_prompt: 'Be nice.',
		});
		expect((await c.get('/api/user/assistants/get')).json.total).toBe(5);
		await c.ctl('POST', '/reset');
		expect((await c.get('/api/user/assistants/get')).json.total).toBe(4);
		expect((await c.ctl('GET', '/requests')).json.map((e: any) => e.path)).toEqual([
			'/api/user/assistants/get',
		]);
	});
	it('set balance and payment method', async () => {
		expect((await c.ctl('POST', '/users/bob/balance', { balance: 1.5 })).json).toEqual({
			user: 'bob',
			balance: 1.5,
		});
		expect((await c.get('/api/user/me', 'bob')).json.total_balance).toBe(1.5);
		expect((await c.ctl('POST', '/users/carol/balance', { balance: 1 })).status).toBe(404);
		expect((await c.ctl('POST', '/users/bob/balance', { balance: 'lots' })).status).toBe(422);
		await c.ctl('POST', '/users/bob/payment-method', { has_payment_method: true });
		const found = (await c.get('/api/user/phone-numbers/search?country_code=DK', 'bob')).json
			.data[0];
		expect(
			(
				await c.post(
					'/api/user/phone-numbers/purchase',
					{ phone_number: found.phone_number },
					'bob',
				)
			).status,
		).toBe(201);
	});
	it('seeds conversations of one type', async () => {
		const r = await c.ctl('POST', '/conversations/seed', { user: 'alice', count: 30, type: 'api' });
		expect(r.json).toMatchObject({ added: 30, total: 70 });
		const list = await c.get('/api/user/conversations?type=api&per_page=100');
		expect(list.json.data).toHaveLength(40);
		expect((await c.ctl('POST', '/conversations/seed', { user: 'zed', count: 1 })).status).toBe(
			422,
		);
	});
	it('lists calls', async () => {
		const id = await placeCall(c);
		const calls = (await c.ctl('GET', '/calls')).json.filter(
			(x: { id: number }) => !SEED.alice.callIds.includes(x.id) && !SEED.bob.callIds.includes(x.id),
		);
		expect(calls).toEqual([
			expect.objectContaining({
				id,
				status: 'initiated',
				type: 'outbound',
				customer_phone: '+4917612345678',
			}),
		]);
		expect((await c.ctl('POST', '/calls/999/end', { status: 'completed' })).status).toBe(404);
		expect((await c.ctl('POST', `/calls/${id}/end`, { status: 'exploded' })).status).toBe(422);
	});
});

describe('request log', () => {
	it('logs every API request with redacted auth, body and status, including rejected ones', async () => {
		await c.post('/api/user/make_call', { phone_number: 'bad', assistant_id: 102 });
		await c.get('/api/user/assistants/get?per_page=3', 'bob');
		await c.get('/api/user/assistants/get', { raw: 'Bearer stolen-token' });
		await c.req('POST', '/api/user/make_call', { body: '{"broken": ', as: 'alice' });
		const log = (await c.ctl('GET', '/requests')).json;
		expect(log).toHaveLength(4);
		expect(log[0]).toMatchObject({
			seq: expect.any(Number),
			at: c.sb.clock.now(),
			method: 'POST',
			path: '/api/user/make_call',
			query: {},
			user: 'alice',
			contentType: 'application/json',
			body: { phone_number: 'bad', assistant_id: 102 },
			status: 400,
		});
		expect(log[0].headers.authorization).toBe('Bearer <alice>');
		expect(JSON.stringify(log)).not.toContain(SEED.tokens.alice);
		expect(JSON.stringify(log)).not.toContain('stolen-token');
		expect(log[1]).toMatchObject({ user: 'bob', query: { per_page: '3' }, status: 200 });
		expect(log[2]).toMatchObject({ user: null, status: 401 });
		expect(log[3]).toMatchObject({ status: 400, body: '{"broken": ' });
		const since = (await c.ctl('GET', `/requests?since=${log[1].seq}`)).json;
		expect(since.map((e: any) => e.seq)).toEqual([log[2].seq, log[3].seq]);
		const filtered = (await c.ctl('GET', '/requests?method=POST&path=/api/user/make_call')).json;
		expect(filtered).toHaveLength(2);
		const prefix = (
			await c.ctl('GET', `/requests?path=${encodeURIComponent('/api/user/assistants/*')}`)
		).json;
		expect(prefix).toHaveLength(2);
	});
	it('proves nothing was sent', async () => {
		const r = (await c.ctl('GET', '/requests?method=POST&path=/api/user/whatsapp/send-freeform'))
			.json;
		expect(r).toEqual([]);
	});
	it('malformed JSON bodies are answered 400 with a message', async () => {
		const r = await c.req('POST', '/api/user/assistant', { body: '{nope', as: 'alice' });
		expectAnswer(r, 400, { message: 'The request body is not valid JSON.' });
	});
});
