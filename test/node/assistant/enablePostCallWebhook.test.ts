import { kit } from './setup';
import { jsonOf, fieldTypes, locator, only } from '../kit';
import { ALICE, run, stored } from './setup.webhooks';

describe('Assistant webhook switches (v2)', () => {
	it('Enable / Disable Post-Call Webhook: the assistant update sets the URL and the switch, disable-webhook clears them', async () => {
		const url = 'https://example.com/post-call';
		const on = await run('enablePostCallWebhook', {
			assistantId: locator(ALICE.outboundAssistantId),
			webhookUrl: url,
			webhookOptions: { onlyCompleted: false, includeRecording: true },
		});
		expect(on.error).toBeUndefined();
		const put = only(await kit().requests());
		expect(put).toMatchObject({
			method: 'PUT',
			path: `/api/user/assistant/${ALICE.outboundAssistantId}`,
			status: 200,
		});
		expect(put.body).toEqual({
			is_webhook_active: true,
			webhook_url: url,
			send_webhook_only_on_completed: false,
			include_recording_in_webhook: true,
		});
		expect(fieldTypes(put.body)).toEqual({
			is_webhook_active: 'boolean',
			webhook_url: 'string',
			send_webhook_only_on_completed: 'boolean',
			include_recording_in_webhook: 'boolean',
		});
		expect(jsonOf(on)).toEqual([
			{
				assistant_id: ALICE.outboundAssistantId,
				webhook: 'post_call',
				enabled: true,
				webhook_url: url,
				message: 'Assistant updated successfully',
			},
		]);
		expect(await stored(ALICE.outboundAssistantId)).toMatchObject({
			is_webhook_active: true,
			webhook_url: url,
			send_webhook_only_on_completed: false,
		});

		await kit().clearRequests();
		const off = await run('disableWebhook', { assistantId: locator(ALICE.outboundAssistantId) });
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/disable-webhook',
			body: { assistant_id: ALICE.outboundAssistantId },
		});
		expect(jsonOf(off)).toEqual([
			{
				assistant_id: ALICE.outboundAssistantId,
				webhook: 'post_call',
				enabled: false,
				webhook_url: null,
				message: 'Webhook disabled successfully',
			},
		]);
		expect(await stored(ALICE.outboundAssistantId)).toMatchObject({
			is_webhook_active: false,
			webhook_url: null,
		});
	});

	it('Enable Post-Call Webhook leaves the options out when they are not added', async () => {
		await run('enablePostCallWebhook', { webhookUrl: 'https://example.com/hook' });
		expect(only(await kit().requests()).body).toEqual({
			is_webhook_active: true,
			webhook_url: 'https://example.com/hook',
		});
	});
});
