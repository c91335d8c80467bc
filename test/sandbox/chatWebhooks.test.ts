/** Sandbox: the conversation-ended webhook and WhatsApp read receipts. */
import { createHmac } from 'node:crypto';

import { SEED } from '../../sandbox';
import { useWebhookSandbox } from './receiver';

const ENABLE = '/api/user/assistants/enable-conversation-ended-webhook';
const DISABLE = '/api/user/assistants/disable-conversation-ended-webhook';

const w = useWebhookSandbox({});

// A chat handed over (AI off): the history holds only what the test writes, no AI replies.
const customerWrites = async (message = 'Hallo') =>
	(
		await w.c.ctl('POST', '/whatsapp/inbound', {
			sender_id: 71,
			customer_phone: '+4917655501234',
			message,
			ai_enabled: false,
		})
	).json.conversation_uuid as string;

describe('enable / disable conversation-ended webhook', () => {
	it('enables and disables, visible on the assistant record', async () => {
		const on = await w.c.post(ENABLE, {
			assistant_id: 104,
			webhook_url: 'https://hooks.example.com/ended',
		});
		expect(on).toMatchObject({
			status: 200,
			json: { message: 'Conversation ended webhook enabled successfully', data: [] },
		});
		// The stored assistant: the list shows the URL only under assistantConversationEndedWebhookUrl.
		const record = (await w.c.ctl('GET', '/state/assistants/104')).json;
		expect(record).toMatchObject({
			conversation_ended_webhook_url: 'https://hooks.example.com/ended',
			conversation_inactivity_timeout: 30,
		});
		const off = await w.c.post(DISABLE, { assistant_id: 104 });
		expect(off).toMatchObject({
			status: 200,
			json: { message: 'Conversation ended webhook disabled successfully', data: [] },
		});
	});

	it("422 for missing fields and non-HTTPS URLs (http only to this machine), 404 for another user's assistant", async () => {
		expect(await w.c.post(ENABLE, {})).toMatchObject({
			status: 422,
			json: {
				message: 'The given data was invalid.',
				errors: { assistant_id: expect.any(Array), webhook_url: expect.any(Array) },
			},
		});
		expect(await w.c.post(DISABLE, {})).toMatchObject({
			status: 422,
			json: { errors: { assistant_id: ['The assistant id field is required.'] } },
		});
		for (const url of [
			'http://hooks.example.com/ended',
			'ftp://hooks.example.com/x',
			'not a url',
		]) {
			expect((await w.c.post(ENABLE, { assistant_id: 104, webhook_url: url })).status).toBe(422);
		}
		for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://[::1]:8080/x']) {
			expect((await w.c.post(ENABLE, { assistant_id: 104, webhook_url: url })).status).toBe(200);
		}
		expect(
			await w.c.post(ENABLE, {
				assistant_id: SEED.bob.outboundAssistantId,
				webhook_url: 'https://x.example.com',
			}),
		).toMatchObject({ status: 404, json: { message: 'Assistant not found' } });
		expect((await w.c.post(DISABLE, { assistant_id: SEED.bob.outboundAssistantId })).status).toBe(
			404,
		);
	});
});

describe('conversation ended', () => {
	it('fires after 30 minutes without activity, with every documented key', async () => {
		await w.c.post(ENABLE, { assistant_id: 104, webhook_url: `${w.hook.url}/ended` });
		const uuid = await customerWrites('Guten Tag');
		await w.c.advance(30 * 60_000 - 1);
		expect(w.hook.received).toEqual([]);
		await w.c.advance(1);
		expect(w.hook.received).toHaveLength(1);
		const { body } = w.hook.received[0];
		expect(body).toEqual({
			id: expect.any(Number),
			conversation_id: uuid,
			assistant_id: expect.any(String),
			type: 'whatsapp',
			message_count: 1,
			status: 'ended',
			extracted_variables: { status: true, summary: expect.any(String) },
			input_variables: {},
			transcript: [
				{
					role: 'user',
					content: 'Guten Tag',
					timestamp: expect.any(String),
					timestamp_unix: expect.any(Number),
				},
			],
			formatted_transcript: 'Customer: Guten Tag',
			attachments: [],
			customer_phone: '+4917655501234',
			customer_name: null,
			sender: { phone_number: '+4915112345671', display_name: 'Example Support' },
			created_at: expect.any(String),
			ended_at: expect.any(String),
		});
		expect(Date.parse(body.transcript[0].timestamp) / 1000).toBe(body.transcript[0].timestamp_unix);
	});

	it('a message sent into the chat restarts the countdown', async () => {
		await w.c.post(ENABLE, { assistant_id: 104, webhook_url: `${w.hook.url}/ended` });
		await customerWrites('Frage');
		await w.c.advance(20 * 60_000);
		expect(
			(
				await w.c.post('/api/user/whatsapp/send-freeform', {
					sender_id: 71,
					recipient_phone: '+4917655501234',
					message: 'Antwort',
				})
			).status,
		).toBe(200);
		await w.c.advance(29 * 60_000);
		expect(w.hook.received).toEqual([]);
		await w.c.advance(60_000);
		expect(w.hook.received.map((r) => r.body.formatted_transcript)).toEqual([
			'Customer: Frage\nAI: Antwort',
		]);
	});

	it('retries every failure (4xx too) after 30, 60 and 120 s, then gives up', async () => {
		await w.c.post(ENABLE, { assistant_id: 104, webhook_url: `${w.hook.url}/ended` });
		w.hook.script = [400, 500, 404, 503];
		const uuid = await customerWrites();
		expect((await w.c.ctl('POST', `/conversations/${uuid}/end`)).json.deliveries).toEqual([
			expect.objectContaining({ attempt: 1, status: 400 }),
		]);
		for (const [delay, count] of [
			[29_999, 1],
			[1, 2],
			[60_000, 3],
			[120_000, 4],
			[600_000, 4],
		]) {
			await w.c.advance(delay);
			expect(w.hook.received).toHaveLength(count);
		}
		expect((await w.c.ctl('POST', `/conversations/${uuid}/end`)).status).toBe(409);
	});

	it('the end-now control refuses chats that do not end with the webhook and unknown UUIDs', async () => {
		const listed = (await w.c.get('/api/user/conversations?per_page=100')).json.data as Array<{
			id: string;
			type: string;
		}>;
		const byType = (type: string) => listed.find((conversation) => conversation.type === type)!.id;
		for (const type of ['test', 'api']) {
			expect((await w.c.ctl('POST', `/conversations/${byType(type)}/end`)).json).toEqual({
				message: `Only widget and WhatsApp chats end with the conversation-ended webhook (this one is ${type})`,
			});
		}
		expect((await w.c.ctl('POST', `/conversations/${byType('widget')}/end`)).json).toEqual({
			conversation_id: byType('widget'),
			deliveries: [],
		});
		expect(
			(await w.c.ctl('POST', '/conversations/00000000-0000-4000-8000-000000000000/end')).status,
		).toBe(404);
	});
});

describe('read receipts', () => {
	async function sentMessage(): Promise<number> {
		const sent = await w.c.post('/api/user/whatsapp/send-freeform', {
			sender_id: 71,
			recipient_phone: SEED.alice.openWindowCustomer.phone,
			message: 'Hi',
		});
		return sent.json.whatsapp_message_id as number;
	}

	it("signs each status with the sender's secret over the raw body", async () => {
		const settings = (
			await w.c.ctl('PUT', '/whatsapp/senders/71/read-receipts', { url: `${w.hook.url}/receipts` })
		).json;
		expect(settings).toEqual({
			sender_id: 71,
			url: `${w.hook.url}/receipts`,
			signing_secret: expect.stringMatching(/^[0-9a-f]{64}$/),
		});
		const id = await sentMessage();
		const answer = await w.c.ctl('POST', `/whatsapp/messages/${id}/statuses`, {
			statuses: ['sent', 'delivered', 'read'],
		});
		expect(answer.json).toMatchObject({ whatsapp_message_id: id, status: 'read' });
		expect(w.hook.received.map((r) => r.body.status)).toEqual(['sent', 'delivered', 'read']);
		for (const r of w.hook.received) {
			expect(r.headers['x-signature-256']).toBe(
				`sha256=${createHmac('sha256', settings.signing_secret).update(r.raw).digest('hex')}`,
			);
			expect(r.body).toMatchObject({
				event: 'message_status',
				whatsapp_message_id: id,
				direction: 'outbound',
				to: SEED.alice.openWindowCustomer.phone,
				from: '+4915112345671',
			});
		}
	});

	it('statuses move forward only; unknown messages are 404', async () => {
		const id = await sentMessage();
		expect(
			(
				await w.c.ctl('POST', `/whatsapp/messages/${id}/statuses`, {
					statuses: ['read', 'delivered'],
				})
			).status,
		).toBe(409);
		expect(
			(await w.c.ctl('POST', `/whatsapp/messages/${id}/statuses`, { statuses: ['seen'] })).status,
		).toBe(422);
		expect(
			(await w.c.ctl('POST', '/whatsapp/messages/999999/statuses', { statuses: ['sent'] })).status,
		).toBe(404);
	});

	it('retries 5xx and 429 at 30/60/120 s, but not other 4xx', async () => {
		await w.c.ctl('PUT', '/whatsapp/senders/71/read-receipts', { url: `${w.hook.url}/receipts` });
		w.hook.script = [503, 429, 200, 401];
		const id = await sentMessage();
		await w.c.ctl('POST', `/whatsapp/messages/${id}/statuses`, { statuses: ['delivered'] });
		await w.c.advance(30_000);
		await w.c.advance(60_000);
		expect(w.hook.received.map((r) => r.body.status)).toEqual([
			'delivered',
			'delivered',
			'delivered',
		]);
		await w.c.ctl('POST', `/whatsapp/messages/${id}/statuses`, { statuses: ['read'] });
		await w.c.advance(600_000);
		expect(w.hook.received.map((r) => r.body.status)).toEqual([
			'delivered',
			'delivered',
			'delivered',
			'read',
		]);
	});

	it('regenerating the secret signs later events with the new one', async () => {
		const before = (
			await w.c.ctl('PUT', '/whatsapp/senders/71/read-receipts', { url: `${w.hook.url}/receipts` })
		).json.signing_secret;
		const after = (await w.c.ctl('POST', '/whatsapp/senders/71/read-receipts/regenerate')).json
			.signing_secret;
		expect(after).not.toBe(before);
		const id = await sentMessage();
		await w.c.ctl('POST', `/whatsapp/messages/${id}/statuses`, { statuses: ['sent'] });
		expect(w.hook.received[0].headers['x-signature-256']).toBe(
			`sha256=${createHmac('sha256', after).update(w.hook.received[0].raw).digest('hex')}`,
		);
	});
});
