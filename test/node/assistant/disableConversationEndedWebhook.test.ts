import { kit } from './setup';
import { SEED } from '../../../sandbox';
import { expectPairedWith, jsonOf, locator, only } from '../kit';
import { ALICE, run, storedConversationEndedUrl } from './setup.webhooks';

describe('Assistant webhook switches (v2)', () => {
	// Split from the Enable Conversation-Ended Webhook test, which set the URL cleared here.
	it('Disable Conversation-Ended Webhook clears the chat-end URL', async () => {
		await run('enableConversationEndedWebhook', { webhookUrl: 'https://example.com/chat-ended' });
		await kit().clearRequests();
		const off = await run('disableConversationEndedWebhook');
		expect(only(await kit().requests())).toMatchObject({
			path: '/api/user/assistants/disable-conversation-ended-webhook',
			body: { assistant_id: ALICE.chatAssistantId },
		});
		expect(jsonOf(off)[0]).toMatchObject({
			enabled: false,
			webhook_url: null,
			message: 'Conversation ended webhook disabled successfully',
		});
		expect(await storedConversationEndedUrl()).toBeNull();
	});

	it('under Continue On Fail, another account’s assistant becomes an error item and the others are switched', async () => {
		const input = [
			{ json: { id: ALICE.chatAssistantId } },
			{ json: { id: SEED.bob.outboundAssistantId } },
			{ json: { id: ALICE.inboundAssistantId } },
		];
		const result = await run(
			'disableConversationEndedWebhook',
			{ assistantId: locator('={{ $json.id }}') },
			{ input, continueOnFail: true },
		);
		expectPairedWith(result, [0, 1, 2]);
		expect(result.output[0].json).toMatchObject({
			assistant_id: ALICE.chatAssistantId,
			enabled: false,
		});
		expect(result.output[1].json).toMatchObject({
			error: 'Famulor API error 404: Assistant not found',
			httpCode: 404,
		});
		expect(result.output[2].json).toMatchObject({
			assistant_id: ALICE.inboundAssistantId,
			enabled: false,
		});
		expect(await kit().requests()).toHaveLength(3);
	});
});
