/**
 * The assistant webhook switches: enable and disable the inbound, post-call and conversation-ended
 * webhooks by assistant ID.
 */
import { SEED } from '../../sandbox';
import { expectAnswer, useSandbox } from './helpers';

const c = useSandbox();

describe('webhook toggles', () => {
	it('enable-inbound-webhook stores inbound_webhook_url', async () => {
		const r = await c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: 101,
			webhook_url: 'https://in.example.com/hook',
		});
		expectAnswer(r, 200, { message: 'Webhook enabled successfully', data: [] });
		const a = (await c.get('/api/user/assistants/get')).json.data.find((x: any) => x.id === 101);
		expect(a.inbound_webhook_url).toBe('https://in.example.com/hook');
	});
	it('validates with "The given data was invalid."', async () => {
		const r = await c.post('/api/user/assistants/enable-inbound-webhook', {});
		expectAnswer(r, 422, {
			message: 'The given data was invalid.',
			errors: {
				assistant_id: ['The assistant id field is required.'],
				webhook_url: ['The webhook url field is required.'],
			},
		});
		const bad = await c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: 101,
			webhook_url: 'nope',
		});
		expect(bad.json.errors).toEqual({ webhook_url: ['The webhook url must be a valid URL.'] });
		const d = await c.post('/api/user/assistants/disable-webhook', {});
		expect(d.status).toBe(422);
		expect(Object.keys(d.json.errors)).toEqual(['assistant_id']);
	});
	it("404 for another user's assistant", async () => {
		const r = await c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: 201,
			webhook_url: 'https://x.example.com',
		});
		expectAnswer(r, 404, { message: 'Assistant not found' });
		const d = await c.post('/api/user/assistants/disable-webhook', { assistant_id: 101 }, 'bob');
		expect(d.status).toBe(404);
	});
	it('disable-webhook sets is_webhook_active false and webhook_url null', async () => {
		await c.put('/api/user/assistant/102', {
			is_webhook_active: true,
			webhook_url: 'https://h.example.com/a',
		});
		const r = await c.post('/api/user/assistants/disable-webhook', { assistant_id: 102 });
		expectAnswer(r, 200, { message: 'Webhook disabled successfully', data: [] });
		const a = (await c.get('/api/user/assistants/outbound')).json.find((x: any) => x.id === 102);
		expect(a).toMatchObject({ is_webhook_active: false, webhook_url: null });
	});
});

describe('assistant webhook switches', () => {
	const stateOf = async (id: number) => (await c.ctl('GET', `/state/assistants/${id}`)).json;

	it('enable-conversation-ended-webhook stores the HTTPS URL; disable clears it', async () => {
		const on = await c.post('/api/user/assistants/enable-conversation-ended-webhook', {
			assistant_id: 104,
			webhook_url: 'https://example.com/chat-ended',
		});
		expectAnswer(on, 200, {
			message: 'Conversation ended webhook enabled successfully',
			data: [],
		});
		expect(await stateOf(104)).toMatchObject({
			conversation_ended_webhook_url: 'https://example.com/chat-ended',
		});
		const off = await c.post('/api/user/assistants/disable-conversation-ended-webhook', {
			assistant_id: 104,
		});
		expect(off.json).toEqual({
			message: 'Conversation ended webhook disabled successfully',
			data: [],
		});
		expect(await stateOf(104)).toMatchObject({ conversation_ended_webhook_url: null });
	});

	it.each(['http://127.0.0.1:5678/webhook/x', 'http://localhost/x', 'http://[::1]:8080/x'])(
		'accepts plain http on loopback (%s)',
		async (url) => {
			const r = await c.post('/api/user/assistants/enable-conversation-ended-webhook', {
				assistant_id: 104,
				webhook_url: url,
			});
			expect(r.status).toBe(200);
			expect(await stateOf(104)).toMatchObject({ conversation_ended_webhook_url: url });
		},
	);

	it.each([
		['http://example.com/x', 'The webhook url must start with one of the following: https://.'],
		['not a url', 'The webhook url must be a valid URL.'],
		[undefined, 'The webhook url field is required.'],
	])('422 for webhook_url %s', async (url, message) => {
		const r = await c.post('/api/user/assistants/enable-conversation-ended-webhook', {
			assistant_id: 104,
			webhook_url: url,
		});
		expectAnswer(r, 422, {
			message: 'The given data was invalid.',
			errors: { webhook_url: [message] },
		});
		expect(await stateOf(104)).toMatchObject({ conversation_ended_webhook_url: null });
	});

	it.each([
		'enable-conversation-ended-webhook',
		'disable-conversation-ended-webhook',
		'disable-inbound-webhook',
	])('%s: 404 for a foreign assistant, 422 without assistant_id', async (name) => {
		const body = { webhook_url: 'https://example.com/x' };
		const foreign = await c.post(`/api/user/assistants/${name}`, {
			...body,
			assistant_id: SEED.bob.outboundAssistantId,
		});
		expectAnswer(foreign, 404, { message: 'Assistant not found' });
		const missing = await c.post(`/api/user/assistants/${name}`, body);
		expectAnswer(missing, 422, {
			message: 'The given data was invalid.',
			errors: { assistant_id: ['The assistant id field is required.'] },
		});
	});

	it('disable-inbound-webhook clears only the inbound URL', async () => {
		await c.post('/api/user/assistants/enable-inbound-webhook', {
			assistant_id: 101,
			webhook_url: 'https://example.com/inbound',
		});
		await c.put('/api/user/assistant/101', {
			is_webhook_active: true,
			webhook_url: 'https://example.com/post-call',
		});
		const r = await c.post('/api/user/assistants/disable-inbound-webhook', { assistant_id: 101 });
		expect(r.json).toEqual({ message: 'Inbound webhook disabled successfully', data: [] });
		expect(await stateOf(101)).toMatchObject({
			inbound_webhook_url: null,
			webhook_url: 'https://example.com/post-call',
			is_webhook_active: true,
		});
	});
});
