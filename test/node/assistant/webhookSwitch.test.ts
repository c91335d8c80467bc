import { kit, update, assistantRecord } from './setup';
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import {
	jsonOf,
	expectFailedBeforeSending,
	fieldTypes,
	locator,
	only,
	type RunOptions,
} from '../kit';
import { actionNodeDescription } from '../../../harness/engine';

const ALICE = SEED.alice;

async function run(operation: string, parameters: IDataObject = {}, options: RunOptions = {}) {
	return await kit().run(
		{
			resource: 'assistant',
			operation,
			assistantId: locator(ALICE.chatAssistantId),
			...parameters,
		} as never,
		{ typeVersion: 2, ...options },
	);
}

/** The stored assistant, with the fields the API does not list. */
async function stored(id: number): Promise<IDataObject> {
	return await kit().control<IDataObject>('GET', `/state/assistants/${id}`);
}

function operationNames(version: number): string[] {
	const property = actionNodeDescription(version).properties.find(
		(p: INodeProperties) =>
			p.name === 'operation' && p.displayOptions?.show?.resource?.includes('assistant'),
	);
	return ((property?.options ?? []) as INodePropertyOptions[]).map((option) => option.name);
}

describe('Assistant → webhooks', () => {
	it('Enable Inbound Webhook posts the assistant ID as a number and the URL', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'enableInboundWebhook',
			assistantId: { __rl: true, mode: 'list', value: '101' },
			webhookUrl: 'https://hooks.example.com/inbound',
		});
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
		const result = await kit().run({
			resource: 'assistant',
			operation: 'enableInboundWebhook',
			assistantId: { __rl: true, mode: 'id', value: '101' },
			webhookUrl: 'ftp://x',
		});
		expect(result.error?.message).toContain('webhook_url');
		expect(await kit().requests()).toHaveLength(0);
	});

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

describe('Assistant webhook switches (v2)', () => {
	it('the Operation dropdown pairs every Enable with a Disable of the same webhook; version 1 keeps its two', () => {
		const names = operationNames(2);
		const webhooks = names.filter((name) => / Webhook$/.test(name));
		expect(
			webhooks
				.filter((name) => name.startsWith('Enable '))
				.map((name) => name.slice(7))
				.sort(),
		).toEqual(['Conversation-Ended Webhook', 'Inbound Webhook', 'Post-Call Webhook']);
		expect(
			webhooks
				.filter((name) => name.startsWith('Disable '))
				.map((name) => name.slice(8))
				.sort(),
		).toEqual(['Conversation-Ended Webhook', 'Inbound Webhook', 'Post-Call Webhook']);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(operationNames(1).filter((name) => / Webhook$/.test(name))).toEqual([
			'Disable Webhook',
			'Enable Inbound Webhook',
		]);
	});

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

	it('Enable / Disable Inbound Webhook set and clear only the inbound URL', async () => {
		const inbound = ALICE.inboundAssistantId;
		await kit().api('PUT', `/api/user/assistant/${inbound}`, {
			is_webhook_active: true,
			webhook_url: 'https://example.com/post-call',
		});
		await kit().clearRequests();
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

	it('Enable / Disable Conversation-Ended Webhook set and clear the chat-end URL', async () => {
		const url = 'https://example.com/chat-ended';
		const on = await run('enableConversationEndedWebhook', { webhookUrl: url });
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: '/api/user/assistants/enable-conversation-ended-webhook',
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
		expect(await stored(ALICE.chatAssistantId)).toMatchObject({
			conversation_ended_webhook_url: url,
		});

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
		expect(await stored(ALICE.chatAssistantId)).toMatchObject({
			conversation_ended_webhook_url: null,
		});
	});

	it('the conversation-ended URL must be HTTPS (plain http only on this machine) and is checked before sending', async () => {
		const refused = await run('enableConversationEndedWebhook', {
			webhookUrl: 'http://example.com/chat-ended',
		});
		await expectFailedBeforeSending(
			kit(),
			refused,
			'Webhook URL (webhook_url) must start with https://',
		);
		const local = await run('enableConversationEndedWebhook', {
			webhookUrl: 'http://127.0.0.1:5678/webhook/chat',
		});
		expect(local.error).toBeUndefined();
		expect(await stored(ALICE.chatAssistantId)).toMatchObject({
			conversation_ended_webhook_url: 'http://127.0.0.1:5678/webhook/chat',
		});
	});

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
		await expectFailedBeforeSending(kit(), await run(operation, parameters), message);
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
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
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

	it('a switch is repeated after a lost answer (setting a URL twice has the same effect)', async () => {
		await kit().fault({
			method: 'POST',
			path: '/api/user/assistants/enable-conversation-ended-webhook',
			kind: 'reset',
			count: 1,
		});
		const result = await run('enableConversationEndedWebhook', {
			webhookUrl: 'https://example.com/chat',
		});
		expect(result.error).toBeUndefined();
		expect(await kit().requests()).toHaveLength(2);
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
