/** The Conversation Ended event: the assistant's conversation-ended webhook for widget and WhatsApp chats. */
import type { IDataObject } from 'n8n-workflow';

import { listeningTo, useTriggerKit } from './triggerKit';

const CHAT_ASSISTANT = 104; // "Chat Concierge", behind WhatsApp senders 71 and 72
const SENDER = 71;
const ENABLE = '/api/user/assistants/enable-conversation-ended-webhook';
const DISABLE = '/api/user/assistants/disable-conversation-ended-webhook';

// A service whose assistant list shows the conversation-ended URL (conversationEndedUnreported.test.ts: one that does not).
const kit = useTriggerKit(undefined, ['assistantConversationEndedWebhookUrl']);

const chatEnded = (extra?: IDataObject) => listeningTo(CHAT_ASSISTANT, 'conversationEnded', extra);
const writes = async () => (await kit().requests()).filter((r) => r.method !== 'GET');

/** A customer writes to the sender: the sandbox opens (or continues) the WhatsApp chat; returns its UUID. */
async function customerWrites(
	message = 'Hallo, ich brauche Hilfe.',
	phone = '+4917655501234',
): Promise<string> {
	// A chat handed over (AI off): the history holds only what the test writes, no AI replies.
	const answer = await kit().ctl('POST', '/whatsapp/inbound', {
		sender_id: SENDER,
		customer_phone: phone,
		customer_name: 'Erika Muster',
		message,
		ai_enabled: false,
	});
	return answer.conversation_uuid as string;
}

async function advanceSandboxClock(ms: number): Promise<void> {
	await kit().ctl('POST', '/clock/advance', { ms });
}

describe('registration', () => {
	it('registers with enable-conversation-ended-webhook, receives an ended chat, and removes it with disable', async () => {
		const t = kit().trigger(chatEnded(), { typeVersion: 1.1 });
		expect(await t.lifecycle('checkExists')).toBe(false);
		expect(await t.lifecycle('create')).toBe(true);
		const url = t.signedUrl();
		expect(await writes()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: ENABLE,
				body: { assistant_id: CHAT_ASSISTANT, webhook_url: url },
				status: 200,
			}),
		]);
		expect((await kit().assistant(CHAT_ASSISTANT)).conversation_ended_webhook_url).toBe(url);
		expect(await t.lifecycle('checkExists')).toBe(true);

		const uuid = await customerWrites();
		const deliveries = await kit().endConversation(uuid);
		expect(deliveries).toEqual([
			expect.objectContaining({
				kind: 'conversation_ended',
				conversationId: uuid,
				status: 200,
				attempt: 1,
			}),
		]);
		expect(kit().deliveries.map((d) => d.emitted)).toEqual([
			[
				{
					conversation_id: uuid,
					id: expect.any(Number),
					type: 'whatsapp',
					status: 'ended',
					message_count: 1,
					customer_name: 'Erika Muster',
					customer_phone: '+4917655501234',
					sender_phone: '+4915112345671',
					created_at: expect.any(String),
					ended_at: expect.any(String),
					extracted_status: true,
					extracted_summary: expect.any(String),
					attachment_urls: [],
					transcript: 'Customer: Hallo, ich brauche Hilfe.',
				},
			],
		]);

		await kit().ctl('DELETE', '/requests');
		expect(await t.lifecycle('delete', 'internal', 'update')).toBe(true);
		expect(await writes()).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: DISABLE,
				body: { assistant_id: CHAT_ASSISTANT },
				status: 200,
			}),
		]);
		expect((await kit().assistant(CHAT_ASSISTANT)).conversation_ended_webhook_url).toBeNull();
		expect(t.nodeStaticData()).toEqual({});
		expect(
			await kit().endConversation(await customerWrites('Noch eine Frage', '+4917655509999')),
		).toEqual([]);
	});

	it('a foreign conversation-ended URL blocks publishing; replacing it puts it back on unpublish', async () => {
		const foreign = 'https://helpdesk.example.com/famulor/chat-ended';
		await kit().api('POST', ENABLE, { assistant_id: CHAT_ASSISTANT, webhook_url: foreign });
		await kit().ctl('DELETE', '/requests');
		await expect(kit().trigger(chatEnded()).lifecycle('create')).rejects.toThrow(
			`Assistant "Chat Concierge" (#104) already sends its conversation-ended webhook to ${foreign}, which is not this n8n: remove that webhook in Famulor, then try again; or turn on the option "Replace Existing Webhook"`,
		);
		expect(await writes()).toEqual([]);

		const t = kit().trigger(chatEnded({ options: { replaceExisting: true } }));
		await t.lifecycle('create');
		expect((await kit().assistant(CHAT_ASSISTANT)).conversation_ended_webhook_url).toBe(
			t.signedUrl(),
		);
		await kit().ctl('DELETE', '/requests');
		await t.lifecycle('delete', 'internal', 'update');
		expect(await writes()).toEqual([
			expect.objectContaining({
				path: ENABLE,
				body: { assistant_id: CHAT_ASSISTANT, webhook_url: foreign },
				status: 200,
			}),
		]);
		expect((await kit().assistant(CHAT_ASSISTANT)).conversation_ended_webhook_url).toBe(foreign);
	});
});

describe('HTTPS', () => {
	it("refuses to publish when n8n's webhook URL is plain http (not this machine), before sending anything", async () => {
		const t = kit().trigger(chatEnded());
		Object.assign(t.webhookData.workflowExecuteAdditionalData, {
			webhookBaseUrl: 'http://n8n.example.com/webhook',
		});
		await expect(t.lifecycle('create')).rejects.toThrow(
			"Famulor sends the conversation-ended webhook only to HTTPS URLs, but this n8n's webhook URL is http://n8n.example.com/webhook/e2d5a9c0-0000-4000-8000-000000000001/webhook: set n8n's WEBHOOK_URL environment variable to its public https:// address",
		);
		expect(await kit().requests()).toEqual([]);
		expect(t.nodeStaticData()).toEqual({});
	});

	it('registers an https URL', async () => {
		const t = kit().trigger(chatEnded());
		Object.assign(t.webhookData.workflowExecuteAdditionalData, {
			webhookBaseUrl: 'https://n8n.example.com/webhook',
		});
		await t.lifecycle('create');
		expect((await kit().assistant(CHAT_ASSISTANT)).conversation_ended_webhook_url).toBe(
			`https://n8n.example.com/webhook/e2d5a9c0-0000-4000-8000-000000000001/webhook?secret=${t.secret()}`,
		);
	});

	it('the sandbox, like the service, refuses http except on this machine', async () => {
		const refused = await kit().api('POST', ENABLE, {
			assistant_id: CHAT_ASSISTANT,
			webhook_url: 'http://n8n.example.com/webhook/x',
		});
		expect(refused).toEqual({
			status: 422,
			json: {
				message: 'The given data was invalid.',
				errors: {
					webhook_url: ['The webhook url must start with one of the following: https://.'],
				},
			},
		});
		expect(
			(
				await kit().api('POST', ENABLE, {
					assistant_id: CHAT_ASSISTANT,
					webhook_url: 'http://localhost:5678/webhook/x',
				})
			).status,
		).toBe(200);
	});
});

describe('deliveries', () => {
	it("a chat ends by itself after the assistant's inactivity timeout (30 minutes) on the sandbox clock", async () => {
		const t = kit().trigger(chatEnded(), { typeVersion: 1.1 });
		await t.lifecycle('create');
		const uuid = await customerWrites('Erste Nachricht');
		await advanceSandboxClock(20 * 60_000);
		await customerWrites('Zweite Nachricht'); // activity restarts the countdown
		await advanceSandboxClock(29 * 60_000);
		expect(kit().deliveries).toEqual([]);
		await advanceSandboxClock(60_000);
		expect(kit().deliveries).toHaveLength(1);
		expect(kit().deliveries[0].emitted[0]).toEqual(
			expect.objectContaining({
				conversation_id: uuid,
				message_count: 2,
				transcript: 'Customer: Erste Nachricht\nCustomer: Zweite Nachricht',
			}),
		);
	});

	it('outputs every documented field without Simplify', async () => {
		const t = kit().trigger(chatEnded({ simplify: false }), { typeVersion: 1.1 });
		await t.lifecycle('create');
		const uuid = await customerWrites();
		await kit().endConversation(uuid, {
			attachments: [{ type: 'image', url: 'https://storage.famulor.de/a.jpg', filename: 'a.jpg' }],
		});
		const [item] = kit().deliveries[0].emitted;
		expect(Object.keys(item).sort()).toEqual(
			[
				'id',
				'conversation_id',
				'assistant_id',
				'type',
				'message_count',
				'status',
				'extracted_variables',
				'input_variables',
				'transcript',
				'formatted_transcript',
				'attachments',
				'customer_phone',
				'customer_name',
				'sender',
				'created_at',
				'ended_at',
			].sort(),
		);
		expect(item.transcript).toEqual([
			{
				role: 'user',
				content: 'Hallo, ich brauche Hilfe.',
				timestamp: expect.any(String),
				timestamp_unix: expect.any(Number),
			},
		]);
		expect(item.sender).toEqual({
			phone_number: '+4915112345671',
			display_name: 'Example Support',
		});
		expect(item.attachments).toEqual([
			{ type: 'image', url: 'https://storage.famulor.de/a.jpg', filename: 'a.jpg' },
		]);
	});

	it('a delivery the service retries 30 s after a lost answer starts one execution only', async () => {
		const t = kit().trigger(chatEnded(), { typeVersion: 1.1 });
		await t.lifecycle('create');
		kit().loseAnswers = 1;
		const uuid = await customerWrites();
		await kit().endConversation(uuid);
		await advanceSandboxClock(30_000);
		const log = (await kit().ctl('GET', '/webhooks?kind=conversation_ended')) as Array<{
			attempt: number;
			status: number;
			at: number;
		}>;
		expect(log.map((entry) => [entry.attempt, entry.status])).toEqual([
			[1, 500],
			[2, 200],
		]);
		expect(log[1].at - log[0].at).toBeGreaterThanOrEqual(30_000);
		expect(kit().deliveries.map((d) => d.emitted.length)).toEqual([1, 0]);
		expect(kit().deliveries[1].result.webhookResponse).toEqual({ received: true, duplicate: true });
	});

	it("a delivery without the registration's secret gets 401 and starts nothing", async () => {
		const t = kit().trigger(chatEnded());
		await t.lifecycle('create');
		expect(
			await kit().post(`${t.productionUrl}?secret=${'0'.repeat(48)}`, {
				conversation_id: 'x',
				status: 'ended',
			}),
		).toBe(401);
		expect(kit().deliveries[0].emitted).toEqual([]);
	});
});
