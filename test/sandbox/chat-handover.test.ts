import { SEED } from '../../sandbox';
import { expectAnswer } from './helpers';
import { useWebhookSandbox } from './receiver';

const w = useWebhookSandbox({});

const A = SEED.alice;
const balance = async (user: 'alice' | 'bob') =>
	((await w.c.ctl('GET', '/state/users')).json as Array<{ user: string; balance: number }>).find(
		(u) => u.user === user,
	)!.balance;
const create = (over: Record<string, unknown> = {}, as: 'alice' | 'bob' = 'alice') =>
	w.c.post('/api/conversations', { assistant_id: A.chatAssistantUuid, ...over }, as);
const say = (uuid: string, message: unknown, as: 'alice' | 'bob' = 'alice') =>
	w.c.post(`/api/conversations/${uuid}/messages`, { message }, as);

describe('chat API: POST /api/conversations', () => {
	it('creates a widget conversation by assistant UUID with the initial message as history, free of charge', async () => {
		const before = await balance('alice');
		const r = await create({ variables: { customer_name: 'Ada' } });
		expectAnswer(r, 200, {
			status: true,
			conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			history: [{ role: 'assistant', content: 'Hallo, wie kann ich helfen?' }],
		});
		const list = await w.c.get('/api/user/conversations?type=widget&per_page=1');
		expect(list.json.data[0]).toMatchObject({
			id: r.json.conversation_id,
			type: 'widget',
			variables: { customer_name: 'Ada' },
			ai_enabled: true,
			assistant_name: 'Chat Concierge',
		});
		expect(await balance('alice')).toBe(before);
		const test = await create({ type: 'test' });
		expect((await w.c.get('/api/user/conversations?type=test&per_page=1')).json.data[0].id).toBe(
			test.json.conversation_id,
		);
	});
	it('refuses the integer id, a foreign assistant (404), a bad type or missing assistant_id (422), and a widget chat without balance (400)', async () => {
		expect((await create({ assistant_id: 104 })).json).toEqual({
			status: false,
			error: 'assistant_id is required',
		});
		const foreign = await create({}, 'bob');
		expectAnswer(foreign, 404, { status: false, error: 'Assistant not found' });
		const badType = await create({ type: 'whatsapp' });
		expectAnswer(badType, 422, { status: false, error: 'type must be widget or test' });
		await w.c.ctl('POST', '/users/alice/balance', { balance: 0 });
		const poor = await create();
		expectAnswer(poor, 400, {
			status: false,
			error: 'Insufficient balance. Please top up your account.',
		});
		expect((await create({ type: 'test' })).status).toBe(200);
	});
});

describe('chat API: messages and get', () => {
	it('answers each user message with the assistant reply, charges 0.01 per widget message, keeps history oldest first', async () => {
		const { conversation_id: uuid } = (await create()).json;
		const before = await balance('alice');
		const r = await say(uuid, 'Haben Sie samstags offen?');
		expectAnswer(r, 200, {
			status: true,
			message: expect.stringContaining('Haben Sie samstags offen?'),
			function_calls: [],
		});
		expect(await balance('alice')).toBeCloseTo(before - 0.01, 4);
		const got = await w.c.get(`/api/conversations/${uuid}`);
		expect(got.json).toEqual({
			status: true,
			history: [
				{ role: 'assistant', content: 'Hallo, wie kann ich helfen?' },
				{ role: 'user', content: 'Haben Sie samstags offen?' },
				{ role: 'assistant', content: r.json.message },
			],
			variables: null,
		});
	});
	it('a widget chat ends 30 minutes after its last message: the conversation-ended webhook carries it', async () => {
		await w.c.post('/api/user/assistants/enable-conversation-ended-webhook', {
			assistant_id: 104,
			webhook_url: `${w.hook.url}/ended`,
		});
		const { conversation_id: uuid } = (await create()).json;
		await w.c.advance(20 * 60_000);
		await say(uuid, 'Noch eine Frage');
		await w.c.advance(30 * 60_000 - 1);
		expect(w.hook.received).toEqual([]);
		await w.c.advance(1);
		expect(w.hook.received.map((r) => r.body)).toEqual([
			expect.objectContaining({
				conversation_id: uuid,
				type: 'widget',
				status: 'ended',
				customer_phone: null,
				sender: null,
			}),
		]);
	});
	it('test conversations are free', async () => {
		const { conversation_id: uuid } = (await create({ type: 'test' })).json;
		const before = await balance('alice');
		expect((await say(uuid, 'Hi')).status).toBe(200);
		expect(await balance('alice')).toBe(before);
	});
	it('validates the message (422 {status:false, error}), 400 without balance, 404 for foreign, unknown or non-chat conversations', async () => {
		const { conversation_id: uuid } = (await create()).json;
		expect((await say(uuid, '')).json).toEqual({ status: false, error: 'message is required' });
		expect((await say(uuid, undefined)).status).toBe(422);
		const long = await say(uuid, 'x'.repeat(2001));
		expectAnswer(long, 422, {
			status: false,
			error: 'message may not be greater than 2000 characters',
		});
		expect((await say(uuid, 'x'.repeat(2000))).status).toBe(200);
		for (const [path, as] of [
			[uuid, 'bob'],
			['00000000-0000-4000-8000-000000000000', 'alice'],
		] as const) {
			const r = await say(path, 'Hi', as);
			expectAnswer(r, 404, { status: false, error: 'Conversation not found' });
			expect((await w.c.get(`/api/conversations/${path}`, as)).json).toEqual({
				status: false,
				error: 'Conversation not found',
			});
		}
		const wa = (await w.c.get('/api/user/conversations?type=whatsapp&per_page=1')).json.data[0];
		expect((await say(wa.id, 'Hi')).status).toBe(404);
		await w.c.ctl('POST', '/users/alice/balance', { balance: 0 });
		const poor = await say(uuid, 'Hi');
		expectAnswer(poor, 400, {
			status: false,
			error: 'Insufficient balance. Please top up your account.',
		});
	});
	it('GET shows customer and sender of a WhatsApp conversation, external_identifier of an api one', async () => {
		const wa = (
			await w.c.get(
				`/api/user/conversations?customer_phone=${encodeURIComponent(A.openWindowCustomer.phone)}`,
			)
		).json.data[0];
		const got = await w.c.get(`/api/conversations/${wa.id}`);
		expect(got.json).toMatchObject({
			status: true,
			history: [{ role: 'user', content: 'Hallo, ich habe eine Frage.' }],
			whatsapp_sender: { name: 'Example Support', phone: '+4915112345671' },
			customer: { name: A.openWindowCustomer.name, phone: A.openWindowCustomer.phone },
		});
		const api = (await w.c.get('/api/user/conversations?type=api&per_page=1')).json.data[0];
		expect((await w.c.get(`/api/conversations/${api.id}`)).json.external_identifier).toBe(
			api.external_identifier,
		);
	});
});

describe('AI on/off: POST /api/automate/conversations/{uuid}/disable-ai | enable-ai', () => {
	it('turns the AI off: messages are stored without reply and free; on again: replies resume for new messages', async () => {
		const { conversation_id: uuid } = (await create()).json;
		const off = await w.c.post(`/api/automate/conversations/${uuid}/disable-ai`);
		expectAnswer(off, 200, { status: true, ai_enabled: false });
		expect(
			(await w.c.get('/api/user/conversations?type=widget&per_page=1')).json.data[0],
		).toMatchObject({ id: uuid, ai_enabled: false });
		const before = await balance('alice');
		const silent = await say(uuid, 'Ich möchte einen Menschen sprechen');
		expect(silent.json).toEqual({ status: true, message: '', function_calls: [] });
		expect(await balance('alice')).toBe(before);
		// repeating is harmless
		expect((await w.c.post(`/api/automate/conversations/${uuid}/disable-ai`)).json).toEqual({
			status: true,
			ai_enabled: false,
		});
		const on = await w.c.post(`/api/automate/conversations/${uuid}/enable-ai`);
		expect(on.json).toEqual({ status: true, ai_enabled: true });
		const answered = await say(uuid, 'Danke');
		expect(answered.json.message).toContain('Danke');
		expect(
			(await w.c.get(`/api/conversations/${uuid}`)).json.history.map(
				(m: { role: string }) => m.role,
			),
		).toEqual(['assistant', 'user', 'user', 'assistant']);
	});
	it('generate-reply gets ai_disabled and no reply (and no charge) while the AI is off', async () => {
		const first = await w.c.post('/api/ai/generate-reply', {
			assistant_id: 104,
			customer_identifier: 'handover-1',
			message: 'Hi',
		});
		await w.c.post(`/api/automate/conversations/${first.json.conversation_id}/disable-ai`);
		const before = await balance('alice');
		const r = await w.c.post('/api/ai/generate-reply', {
			assistant_id: 104,
			customer_identifier: 'handover-1',
			message: 'Mensch bitte',
		});
		expect(r.json).toMatchObject({ success: true, reply: '', ai_disabled: true });
		expect(await balance('alice')).toBe(before);
		const history = (await w.c.get(`/api/conversations/${first.json.conversation_id}`)).json
			.history;
		expect(history.at(-1)).toEqual({ role: 'user', content: 'Mensch bitte' });
	});
	it('works on WhatsApp conversations; 404 for unknown or foreign ones; 401 {error:"Unauthorized"} without a valid key', async () => {
		const wa = (await w.c.get('/api/user/conversations?type=whatsapp&per_page=1')).json.data[0];
		expect((await w.c.post(`/api/automate/conversations/${wa.id}/disable-ai`)).json).toEqual({
			status: true,
			ai_enabled: false,
		});
		const foreign = await w.c.post(`/api/automate/conversations/${wa.id}/enable-ai`, {}, 'bob');
		expectAnswer(foreign, 404, { status: false, error: 'Conversation not found' });
		expect((await w.c.post('/api/automate/conversations/nope/enable-ai')).status).toBe(404);
		for (const as of [null, { raw: 'Bearer wrong' }] as const) {
			const r = await w.c.post(`/api/automate/conversations/${wa.id}/enable-ai`, {}, as);
			expectAnswer(r, 401, { error: 'Unauthorized' });
		}
		expect(
			(
				await w.c.get(
					`/api/user/conversations?customer_phone=${encodeURIComponent(wa.customer.phone)}`,
				)
			).json.data.find((x: { id: string }) => x.id === wa.id).ai_enabled,
		).toBe(false);
	});
});
