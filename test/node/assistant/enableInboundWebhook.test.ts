import type { INodeParameters } from 'n8n-workflow';
import { kit, assistantRecord } from './setup';
import { jsonOf, locator, only } from '../kit';
import { ALICE, run, stored, withPostCallWebhook } from './setup.webhooks';

/** Version 1's Enable Inbound Webhook of `assistantId`. */
const enableInboundV1 = async (assistantId: INodeParameters, webhookUrl: string) =>
	await kit().run({
		resource: 'assistant',
		operation: 'enableInboundWebhook',
		assistantId,
		webhookUrl,
	});

describe('Assistant → webhooks', () => {
	it('Enable Inbound Webhook posts the assistant ID as a number and the URL', async () => {
		const result = await enableInboundV1(locator(101, 'list'), 'https://hooks.example.com/inbound');
		const [request] = await kit().requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			status: 200,
		});
		expect(request.body).toStrictEqual({
			assistant_id: 101,
			webhook_url: 'https://hooks.example.com/inbound',
		});
		expect(jsonOf(result)).toEqual([{ message: 'Webhook enabled successfully', data: [] }]);
		expect((await assistantRecord(101)).inbound_webhook_url).toBe(
			'https://hooks.example.com/inbound',
		);
	});

	it('Enable Inbound Webhook refuses an invalid URL without a request', async () => {
		const result = await enableInboundV1(locator(101), 'ftp://x');
		expect(result.error?.message).toContain('webhook_url');
		expect(await kit().requests()).toHaveLength(0);
	});
});

describe('Assistant webhook switches (v2)', () => {
	it('Enable Inbound Webhook sets only the inbound URL', async () => {
		const inbound = ALICE.inboundAssistantId;
		await withPostCallWebhook(inbound);
		const on = await run('enableInboundWebhook', {
			assistantId: locator(inbound),
			webhookUrl: 'https://example.com/inbound',
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			body: { assistant_id: inbound, webhook_url: 'https://example.com/inbound' },
		});
		expect(jsonOf(on)).toEqual([
			{
				assistant_id: inbound,
				webhook: 'inbound',
				enabled: true,
				webhook_url: 'https://example.com/inbound',
				message: 'Webhook enabled successfully',
			},
		]);
		expect(await stored(inbound)).toMatchObject({
			inbound_webhook_url: 'https://example.com/inbound',
		});
	});
});

describe('Assistant webhook switches (v1, frozen)', () => {
	it('Enable Inbound Webhook and Disable Webhook still output the service’s answer as it comes', async () => {
		const on = await run(
			'enableInboundWebhook',
			{ webhookUrl: 'https://example.com/inbound' },
			{ typeVersion: 1 },
		);
		expect(jsonOf(on)).toEqual([{ message: 'Webhook enabled successfully', data: [] }]);
		const off = await run('disableWebhook', {}, { typeVersion: 1 });
		expect(jsonOf(off)).toEqual([{ message: 'Webhook disabled successfully', data: [] }]);
	});
});
