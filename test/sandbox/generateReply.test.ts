/**
 * POST /api/ai/generate-reply: the deterministic answer, its conversation, its errors and its rate
 * limit.
 */
import { expectAnswer, expectInvalidFields, useSandbox } from './helpers';

const c = useSandbox();

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
