import { kit } from './setup';
import { jsonOf, only } from '../kit';
import { ALICE, run, storedConversationEndedUrl } from './setup.webhooks';

/** Where Enable Conversation-Ended Webhook sends. */
const ENABLE_PATH = '/api/user/assistants/enable-conversation-ended-webhook';

describe('Assistant webhook switches (v2)', () => {
	it('Enable Conversation-Ended Webhook sets the chat-end URL', async () => {
		const url = 'https://example.com/chat-ended';
		const on = await run('enableConversationEndedWebhook', { webhookUrl: url });
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: ENABLE_PATH,
			body: { assistant_id: ALICE.chatAssistantId, webhook_url: url },
		});
		expect(jsonOf(on)).toEqual([
			{
				assistant_id: ALICE.chatAssistantId,
				webhook: 'conversation_ended',
				enabled: true,
				webhook_url: url,
				message: 'Conversation ended webhook enabled successfully',
			},
		]);
		expect(await storedConversationEndedUrl()).toBe(url);
	});

	it('the conversation-ended URL must be HTTPS (plain http only on this machine) and is checked before sending', async () => {
		const refused = await run('enableConversationEndedWebhook', {
			webhookUrl: 'http://example.com/chat-ended',
		});
		await kit().expectFailedBeforeSending(
			refused,
			'Webhook URL (webhook_url) must start with https://',
		);
		const local = await run('enableConversationEndedWebhook', {
			webhookUrl: 'http://127.0.0.1:5678/webhook/chat',
		});
		expect(local.error).toBeUndefined();
		expect(await storedConversationEndedUrl()).toBe('http://127.0.0.1:5678/webhook/chat');
	});

	it('a switch is repeated after a lost answer (setting a URL twice has the same effect)', async () => {
		await kit().fault({ method: 'POST', path: ENABLE_PATH, kind: 'reset', count: 1 });
		const result = await run('enableConversationEndedWebhook', {
			webhookUrl: 'https://example.com/chat',
		});
		expect(result.error).toBeUndefined();
		expect(await kit().requests()).toHaveLength(2);
	});
});
