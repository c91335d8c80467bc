import { Famulor } from '../../nodes/Famulor/Famulor.node';
import { SEED } from '../../sandbox';
import { runLoadMethodOf } from '../../harness/engine';
import {
	expectFailedBeforeSending,
	fieldTypes,
	jsonOf,
	locator,
	only,
	useKit,
	visibleText,
	type RunOptions,
} from './kit';

const ALICE = SEED.alice;
const kit = useKit();

/** These operations exist in version 2 of the node only. */
const run = async (parameters: Record<string, unknown>, options: RunOptions = {}) =>
	await kit().run(parameters as never, { typeVersion: 2, ...options });

async function load<T>(method: string, ...args: unknown[]): Promise<T> {
	return await runLoadMethodOf<T>({
		kind: 'listSearch',
		method,
		credentials: kit().credentials,
		args,
		typeVersion: 2,
	});
}

const sms = async (parameters: Record<string, unknown>, options: RunOptions = {}) =>
	await run(
		{
			resource: 'sms',
			operation: 'send',
			from: locator(ALICE.smsPhoneNumberId),
			to: '+4915123456789',
			body: 'Ihr Code: 1234',
			...parameters,
		},
		options,
	);

async function newChat(type = 'widget'): Promise<string> {
	const created = await kit().api('POST', '/api/conversations', {
		assistant_id: ALICE.chatAssistantUuid,
		type,
	});
	await kit().clearRequests();
	return created.json.conversation_id as string;
}

describe('SMS → Send', () => {
	it("sends from the number's ID to an E.164 number and outputs the SMS record, not the wrapper, with the service's message", async () => {
		const result = await sms({});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({ method: 'POST', path: '/api/user/sms' });
		expect(request.body).toEqual({ from: 11, to: '+4915123456789', body: 'Ihr Code: 1234' });
		expect(fieldTypes(request.body)).toEqual({ from: 'number', to: 'string', body: 'string' });
		expect(jsonOf(result)).toEqual([
			{
				sms_id: expect.stringMatching(/^SMS_/),
				from: '+14155550101',
				to: '+4915123456789',
				body: 'Ihr Code: 1234',
				segments: 1,
				cost: 0.09,
				currency: 'EUR',
				status: 'sent',
				message: 'SMS sent successfully',
			},
		]);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
	});

	it('accepts exactly 300 characters', async () => {
		expect((await sms({ body: 'x'.repeat(300) })).error).toBeUndefined();
	});

	it.each([
		['301 characters', { body: 'x'.repeat(301) }, 'body'],
		['an empty message', { body: ' ' }, 'body'],
		['a recipient not in E.164', { to: '0151 23456789' }, 'to'],
		['a From Number that is not an ID', { from: locator('={{ "+14155550101" }}') }, 'from'],
	])('refuses %s before sending', async (_case, parameters, field) => {
		await expectFailedBeforeSending(kit(), await sms(parameters), `(${field})`);
	});

	it('maps the documented 400s (not SMS-capable, insufficient balance) and never repeats the billed send', async () => {
		const notCapable = await sms({ from: locator(ALICE.nonSmsPhoneNumberId) });
		expect(notCapable.error?.message).toMatch(/Phone number is not SMS-capable/);
		expect(notCapable.error?.context).toMatchObject({ httpCode: 400 });
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		await kit().clearRequests();
		const poor = await sms({});
		expect(poor.error?.message).toMatch(/Insufficient balance to send SMS/);
		await kit().control('POST', '/users/alice/balance', { balance: 25 });
		await kit().clearRequests();
		await kit().fault({ method: 'POST', path: '/api/user/sms', count: 1, kind: '502' });
		const unknown = await sms({});
		expect(unknown.error?.context).toMatchObject({ errorCode: 'OUTCOME_UNKNOWN' });
		expect(await kit().requests('/api/user/sms')).toHaveLength(1);
		expect(await kit().control<unknown[]>('GET', '/sms')).toHaveLength(0);
	});

	it('with Continue On Fail, a bad item becomes an error item and the others are sent', async () => {
		const input = [{ json: { to: '+4915123456789' } }, { json: { to: 'x' } }];
		const result = await sms({ to: '={{ $json.to }}' }, { continueOnFail: true, input });
		expect(result.output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(result.output[0].json.status).toBe('sent');
		expect(result.output[1].json).toMatchObject({ error: expect.stringMatching(/To \(to\)/) });
		expect(await kit().requests('/api/user/sms')).toHaveLength(1);
	});

	it('lists only SMS-capable numbers with an active subscription in the From Number picker', async () => {
		const all = await load<{ results: unknown[] }>('searchSmsPhoneNumbers');
		expect(all.results).toEqual([{ name: '+14155550101 (US support line)', value: '11' }]);
		expect(only(await kit().requests()).path).toBe('/api/user/phone-numbers/all');
	});
});

describe('Conversation → Disable AI / Enable AI', () => {
	it('switches the AI of a conversation off and on by UUID, and outputs the state with the conversation ID', async () => {
		const uuid = await newChat();
		const off = await run({
			resource: 'conversation',
			operation: 'disableAi',
			conversationId: locator(uuid),
		});
		expect(off.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: `/api/automate/conversations/${uuid}/disable-ai`,
			body: null,
		});
		expect(jsonOf(off)).toEqual([{ conversation_id: uuid, status: true, ai_enabled: false }]);
		const silent = await kit().api('POST', `/api/conversations/${uuid}/messages`, {
			message: 'Einen Menschen bitte',
		});
		expect(silent.json.message).toBe('');
		await kit().clearRequests();
		const on = await run({
			resource: 'conversation',
			operation: 'enableAi',
			conversationId: locator(uuid, 'list'),
		});
		expect(jsonOf(on)).toEqual([{ conversation_id: uuid, status: true, ai_enabled: true }]);
		expect(only(await kit().requests()).path).toBe(`/api/automate/conversations/${uuid}/enable-ai`);
	});

	it('refuses the numeric conversation_id of a WhatsApp send before sending, saying where the UUID is', async () => {
		const result = await run({
			resource: 'conversation',
			operation: 'disableAi',
			conversationId: locator('={{ 9012 }}'),
		});
		await expectFailedBeforeSending(kit(), result, '(uuid)');
		expect(result.error?.message).toMatch(
			/must be a UUID, not a number \(9012\).*Conversation → Get Many/,
		);
	});

	it("maps 404 for another account's conversation (Continue On Fail: an error item)", async () => {
		const bobs = await kit().api(
			'GET',
			'/api/user/conversations?per_page=1',
			undefined,
			SEED.tokens.bob,
		);
		const uuid = (bobs.json.data as Array<{ id: string }>)[0].id;
		const result = await run(
			{ resource: 'conversation', operation: 'disableAi', conversationId: locator(uuid) },
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				error: expect.stringMatching(/Conversation not found/),
				httpCode: 404,
			}),
		]);
	});

	it('the conversation picker pages through conversations by cursor and filters by customer', async () => {
		const first = await load<{
			results: Array<{ name: string; value: string }>;
			paginationToken?: string;
		}>('searchConversations');
		expect(first.results).toHaveLength(ALICE.conversationCount);
		expect(first.paginationToken).toBeUndefined();
		expect(only(await kit().requests()).query).toEqual({ per_page: '100' });
		const max = await load<{ results: Array<{ name: string; value: string }> }>(
			'searchConversations',
			'Max Miller',
		);
		expect(max.results).toEqual([
			{
				name: expect.stringMatching(/^Max Miller \(whatsapp, /),
				value: expect.stringMatching(/^[0-9a-f-]{36}$/),
			},
		]);
		await kit().control('POST', '/conversations/seed', { user: 'alice', count: 150 });
		await kit().clearRequests();
		const page = await load<{ results: unknown[]; paginationToken?: string }>(
			'searchConversations',
		);
		expect(page.results).toHaveLength(100);
		const next = await load<{ results: unknown[]; paginationToken?: string }>(
			'searchConversations',
			undefined,
			page.paginationToken,
		);
		expect(next.results).toHaveLength(90);
		expect((await kit().requests())[1].query).toEqual({
			per_page: '100',
			cursor: page.paginationToken,
		});
	});
});

describe('Chat → Create Conversation / Send Message / Get Conversation', () => {
	it("creates a chat with the assistant's UUID, type and variables, and outputs the ID and first message", async () => {
		const result = await run({
			resource: 'chat',
			operation: 'createConversation',
			assistantUuid: locator(ALICE.chatAssistantUuid, 'list'),
			type: 'test',
			variables: { variable: [{ name: 'customer_name', value: 'Ada' }] },
		});
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: '/api/conversations',
			body: {
				assistant_id: ALICE.chatAssistantUuid,
				type: 'test',
				variables: { customer_name: 'Ada' },
			},
		});
		expect(jsonOf(result)).toEqual([
			{
				status: true,
				conversation_id: expect.any(String),
				history: [{ role: 'assistant', content: 'Hallo, wie kann ich helfen?' }],
			},
		]);
	});

	it('refuses the numeric assistant ID before sending: the chat API takes the UUID', async () => {
		const result = await run({
			resource: 'chat',
			operation: 'createConversation',
			assistantUuid: locator('={{ 104 }}'),
		});
		await expectFailedBeforeSending(kit(), result, '(assistant_id)');
		expect(result.error?.message).toMatch(/UUID.*not its numeric ID/);
	});

	it("sends a message and outputs the assistant's reply with the conversation ID; Get Conversation reads the history", async () => {
		const uuid = await newChat();
		const sent = await run({
			resource: 'chat',
			operation: 'sendMessage',
			conversationId: locator(uuid),
			message: 'Haben Sie samstags offen?',
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: `/api/conversations/${uuid}/messages`,
			body: { message: 'Haben Sie samstags offen?' },
		});
		const [reply] = jsonOf(sent);
		expect(reply).toEqual({
			conversation_id: uuid,
			status: true,
			message: expect.stringContaining('Haben Sie samstags offen?'),
			function_calls: [],
		});
		await kit().clearRequests();
		const got = await run({
			resource: 'chat',
			operation: 'getConversation',
			conversationId: locator(uuid),
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: `/api/conversations/${uuid}`,
		});
		expect(jsonOf(got)).toEqual([
			{
				conversation_id: uuid,
				status: true,
				history: [
					{ role: 'assistant', content: 'Hallo, wie kann ich helfen?' },
					{ role: 'user', content: 'Haben Sie samstags offen?' },
					{ role: 'assistant', content: reply.message },
				],
				variables: null,
			},
		]);
	});

	it('refuses an empty message or one over 2000 characters before sending; 2000 is fine', async () => {
		const uuid = await newChat('test');
		await expectFailedBeforeSending(
			kit(),
			await run({
				resource: 'chat',
				operation: 'sendMessage',
				conversationId: locator(uuid),
				message: 'x'.repeat(2001),
			}),
			'(message)',
		);
		await expectFailedBeforeSending(
			kit(),
			await run({
				resource: 'chat',
				operation: 'sendMessage',
				conversationId: locator(uuid),
				message: '={{ "" }}',
			}),
			'(message)',
		);
		expect(
			(
				await run({
					resource: 'chat',
					operation: 'sendMessage',
					conversationId: locator(uuid),
					message: 'x'.repeat(2000),
				})
			).error,
		).toBeUndefined();
	});

	it('maps 400 Insufficient balance and never repeats the billed message', async () => {
		const uuid = await newChat();
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		const result = await run({
			resource: 'chat',
			operation: 'sendMessage',
			conversationId: locator(uuid),
			message: 'Hi',
		});
		expect(result.error?.message).toMatch(/Insufficient balance/);
		expect(result.error?.context).toMatchObject({ httpCode: 400 });
		expect(await kit().requests()).toHaveLength(1);
	});

	it('the assistant picker offers assistants by UUID', async () => {
		const found = await load<{ results: unknown[] }>('searchAssistantUuids', 'concierge');
		expect(found.results).toEqual([
			{ name: 'Chat Concierge (#104)', value: ALICE.chatAssistantUuid },
		]);
	});
});

describe('Version 1 stays as the seed specification (the API docs of February 2026) describes it', () => {
	const operationsOf = (version: number, resource: string): unknown[] => {
		const properties = new Famulor().nodeVersions[version].description.properties;
		const operation = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource),
		);
		return (operation?.options ?? []).map((option) => (option as { value: unknown }).value);
	};
	const resourcesOf = (version: number): unknown[] =>
		(
			new Famulor().nodeVersions[version].description.properties.find(
				(property) => property.name === 'resource',
			)?.options ?? []
		).map((option) => (option as { value: unknown }).value);

	it('has no SMS, Chat, template or AI on/off operations; version 2 has them', () => {
		expect(resourcesOf(1)).not.toEqual(expect.arrayContaining(['sms']));
		expect(resourcesOf(1)).not.toEqual(expect.arrayContaining(['chat']));
		expect(operationsOf(1, 'whatsApp')).toEqual(['getSessionStatus', 'sendFreeform']);
		expect(operationsOf(1, 'conversation')).toEqual(['getAll']);
		expect(resourcesOf(2)).toEqual(expect.arrayContaining(['sms', 'chat']));
		expect(operationsOf(2, 'whatsApp')).toEqual([
			'getSenders',
			'getTemplates',
			'getSessionStatus',
			'sendFreeform',
			'sendTemplate',
		]);
		expect(operationsOf(2, 'conversation')).toEqual(['disableAi', 'enableAi', 'getAll']);
		expect(operationsOf(2, 'chat')).toEqual([
			'createConversation',
			'getConversation',
			'sendMessage',
		]);
	});
});

describe('SMS, chat and handover: the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(10);
		for (const result of kit().runs)
			expect(visibleText(result)).not.toContain(kit().credentials.apiToken);
	});
});
