import { kit } from './setup';
import { jsonOf, locator, only } from '../kit';
import { ALICE, run, stored, withPostCallWebhook } from './setup.webhooks';

describe('Assistant webhook switches (v2)', () => {
	// Split from the Enable Inbound Webhook test, which set the inbound URL cleared here.
	it('Disable Inbound Webhook clears only the inbound URL', async () => {
		const inbound = ALICE.inboundAssistantId;
		await withPostCallWebhook(inbound);
		await run('enableInboundWebhook', {
			assistantId: locator(inbound),
			webhookUrl: 'https://example.com/inbound',
		});
		await kit().clearRequests();
		const off = await run('disableInboundWebhook', { assistantId: locator(inbound) });
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/disable-inbound-webhook',
			body: { assistant_id: inbound },
		});
		expect(jsonOf(off)).toEqual([
			{
				assistant_id: inbound,
				webhook: 'inbound',
				enabled: false,
				webhook_url: null,
				message: 'Inbound webhook disabled successfully',
			},
		]);
		expect(await stored(inbound)).toMatchObject({
			inbound_webhook_url: null,
			webhook_url: 'https://example.com/post-call',
			is_webhook_active: true,
		});
	});
});
