import { kit, update, assistantRecord } from './setup';
import { jsonOf } from '../kit';

describe('Assistant → webhooks', () => {
	it('Disable Webhook posts the assistant ID and clears the webhook', async () => {
		await kit().run(
			update(
				{ isWebhookActive: true, webhookUrl: 'https://hooks.example.com/post' },
				{ __rl: true, mode: 'id', value: '103' },
			),
		);
		await kit().clearRequests();
		const result = await kit().run({
			resource: 'assistant',
			operation: 'disableWebhook',
			assistantId: { __rl: true, mode: 'id', value: '103' },
		});
		const [request] = await kit().requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/disable-webhook',
			status: 200,
		});
		expect(request.body).toStrictEqual({ assistant_id: 103 });
		expect(jsonOf(result)[0]).toMatchObject({ data: [] });
		expect(typeof jsonOf(result)[0].message).toBe('string');
		expect(await assistantRecord(103)).toMatchObject({
			is_webhook_active: false,
			webhook_url: null,
		});
	});

	it('Disable Webhook refuses an assistant ID that is not a number, without a request', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'disableWebhook',
			assistantId: { __rl: true, mode: 'id', value: '={{ "-3" }}' },
		});
		expect(result.error?.message).toContain('assistant_id');
		expect(await kit().requests()).toHaveLength(0);
	});
});
