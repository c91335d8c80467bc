import { SEED } from '../../sandbox';
import { expectAnswer, placeCall, useSandbox } from './helpers';

const c = useSandbox({ callDurationMs: 0 });

describe('documented extras', () => {
	it('voices and models are bare arrays', async () => {
		const voices = await c.get('/api/user/assistants/voices');
		expect(voices.json.map((v: any) => v.id)).toEqual(SEED.voiceIds);
		const german = await c.get('/api/user/assistants/voices?language_id=5');
		expect(german.json.every((v: any) => v.language_id === 5)).toBe(true);
		expect((await c.get('/api/user/assistants/models')).json.map((m: any) => m.name)).toEqual(
			SEED.llmModels,
		);
		expect(
			(await c.get('/api/user/assistants/models?type=multimodal')).json.map((m: any) => m.name),
		).toEqual(SEED.multimodalModels);
		expect((await c.get('/api/user/assistants/models?type=nope')).status).toBe(422);
	});
	it('knowledge base list is tenant scoped with counts', async () => {
		const r = await c.get('/api/user/knowledgebases');
		expect(r.json.data).toEqual([
			expect.objectContaining({
				id: SEED.alice.knowledgeBaseId,
				documents_count: 1,
				assistants_count: 1,
			}),
		]);
		expect(
			(await c.get('/api/user/knowledgebases', 'bob')).json.data.map((k: any) => k.id),
		).toEqual([SEED.bob.knowledgeBaseId]);
	});
	it('calls can be read by their owner only', async () => {
		const id = await placeCall(c);
		const r = await c.get(`/api/user/calls/${id}`);
		expect(r.status).toBe(200);
		expect(r.json).toMatchObject({ id, status: 'initiated', assistant_name: 'Sales Outreach' });
		const bob = await c.get(`/api/user/calls/${id}`, 'bob');
		expectAnswer(bob, 404, { message: 'Call not found' });
	});
	it('disable-inbound-webhook clears inbound_webhook_url', async () => {
		await c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: 101,
			webhook_url: 'https://in.example.com',
		});
		const r = await c.post('/api/user/assistants/disable-inbound-webhook', { assistant_id: 101 });
		expect(r.json).toEqual({ message: 'Inbound webhook disabled successfully', data: [] });
		const a = (await c.get('/api/user/assistants/get')).json.data.find((x: any) => x.id === 101);
		expect(a.inbound_webhook_url).toBeNull();
	});
	it('generate-reply deducts balance, visible in /me and the state control', async () => {
		await c.post('/api/ai/generate-reply', {
			assistant_id: 102,
			customer_identifier: 'x',
			message: 'hi',
		});
		const me = await c.get('/api/user/me');
		expect(me.json.total_balance).toBeCloseTo(SEED.alice.balance - 0.01, 5);
		const users = (await c.ctl('GET', '/state/users')).json;
		expect(users.find((u: any) => u.user === 'alice').balance).toBeCloseTo(
			SEED.alice.balance - 0.01,
			5,
		);
	});
	it('the conversation control shows stored messages', async () => {
		const r = await c.post('/api/ai/generate-reply', {
			assistant_id: 102,
			customer_identifier: 'y',
			message: 'hello there',
		});
		const conv = await c.ctl('GET', `/state/conversations/${r.json.conversation_id}`);
		expect(conv.json.messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
		expect(conv.json.messages[0].content).toBe('hello there');
	});
});

describe('the index page', () => {
	it('answers / without a token with the endpoints and controls it serves', async () => {
		const response = await fetch(`${c.sb.url}/`);
		expect(response.status).toBe(200);
		const page = await response.text();
		expect(page).toContain('Famulor API sandbox');
		expect(page).toMatch(/POST\s+\/api\/user\/make_call/);
		expect(page).toMatch(/GET\s+\/api\/user\/assistants\/get/);
		expect(page).toMatch(/POST\s+\/__sandbox\/reset/);
		expect(page).toContain(SEED.tokens.alice);
	});
});
