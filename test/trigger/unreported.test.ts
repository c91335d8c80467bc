/**
 * The assistant list's documented fields do not include conversation_ended_webhook_url
 * (https://docs.famulor.de/en/api-reference/assistants/list). Against a service that leaves it out,
 * the trigger cannot see someone else's URL: it registers only when told it may overwrite.
 */
import { createTriggerHarness } from '../../harness/engine';
import {
	startScriptedServer,
	type RecordedRequest,
	type ScriptedAnswer,
	type ScriptedServer,
} from '../helpers/scriptedServer';
import { byId } from './triggerKit';

let server: ScriptedServer;

const answer = (request: RecordedRequest): ScriptedAnswer => {
	if (request.method === 'GET' && request.path === '/api/user/assistants/get') {
		// A record as the list page documents it: no conversation-ended field.
		return {
			status: 200,
			body: {
				data: [{ id: 104, name: 'Chat Concierge', webhook_url: null, inbound_webhook_url: null }],
				current_page: 1,
				per_page: 100,
				total: 1,
				last_page: 1,
			},
		};
	}
	return { status: 200, body: { message: 'ok', data: [] } };
};

beforeAll(async () => {
	server = await startScriptedServer();
	server.fallback = answer;
});
afterAll(async () => await server.close());
beforeEach(() => {
	server.requests.length = 0;
});

const harness = (options: Record<string, boolean> = {}) =>
	createTriggerHarness(
		{ assistantId: byId(104), event: 'conversationEnded', options },
		{ apiToken: 'sbx_alice_4f1c9e2b7a5d3068c1e4', baseUrl: server.url },
	);
const writes = () =>
	server.requests
		.filter((r) => r.method !== 'GET')
		.map((r) => [r.method, r.path, JSON.parse(r.body.toString('utf8')) as unknown]);

it('refuses to register blind, naming the option that allows it', async () => {
	await expect(harness().lifecycle('create')).rejects.toThrow(
		'Famulor does not report which conversation-ended webhook assistant "Chat Concierge" (#104) has, so the trigger cannot make sure it does not overwrite someone else\'s: turn on the option "Replace Existing Webhook"',
	);
	expect(writes()).toEqual([]);
});

it('with "Replace Existing Webhook" it registers, keeps the registration on restart and removes it on unpublish', async () => {
	const t = harness({ replaceExisting: true });
	expect(await t.lifecycle('create')).toBe(true);
	const secret = (t.workflow.staticData[`node:${t.node.name}`] as { webhookSecret: string })
		.webhookSecret;
	const url = `http://localhost:5678/webhook/e2d5a9c0-0000-4000-8000-000000000001/webhook?secret=${secret}`;
	expect(writes()).toEqual([
		[
			'POST',
			'/api/user/assistants/enable-conversation-ended-webhook',
			{ assistant_id: 104, webhook_url: url },
		],
	]);
	expect(await t.lifecycle('checkExists', 'trigger', 'init')).toBe(true);
	await t.lifecycle('delete', 'internal', 'update');
	expect(writes().at(-1)).toEqual([
		'POST',
		'/api/user/assistants/disable-conversation-ended-webhook',
		{ assistant_id: 104 },
	]);
});
