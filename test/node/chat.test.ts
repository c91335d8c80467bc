import { SEED } from '../../sandbox';
import {
	expectFailedBeforeSending,
	jsonOf,
	locator,
	only,
	useKit,
	describeTokenNeverShown,
	v2Run,
	v2Search,
	newChat,
} from './kit';

const ALICE = SEED.alice;

const kit = useKit();

/** These operations exist in version 2 of the node only. */
const run = v2Run(kit);
const load = v2Search(kit);

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
		const uuid = await newChat(kit());
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
		const uuid = await newChat(kit(), 'test');
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
		const uuid = await newChat(kit());
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

describeTokenNeverShown(kit);
