import { kit } from './setup';
import { locator } from '../kit';
import { run } from './setup.webhooks';

describe('Assistant webhook switches (v2)', () => {
	it.each([
		[
			'enablePostCallWebhook',
			{ webhookUrl: 'ftp://example.com/x' },
			'Webhook URL (webhook_url) must be a valid http(s) URL',
		],
		[
			'enableInboundWebhook',
			{ webhookUrl: '={{ "not a url" }}' },
			'Webhook URL (webhook_url) must be a valid http(s) URL',
		],
		[
			'disableConversationEndedWebhook',
			{ assistantId: locator('={{ "abc" }}') },
			'Assistant (assistant_id) must be a positive whole number',
		],
	])('%s with bad input fails before sending', async (operation, parameters, message) => {
		await kit().expectFailedBeforeSending(await run(operation, parameters), message);
	});
});
