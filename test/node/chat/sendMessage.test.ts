import {
	expectFailedBeforeSending,
	jsonOf,
	locator,
	only,
	describeTokenNeverShown,
	newChat,
} from '../kit';
import { kit, run } from './setup';

describe('Chat → Create Conversation / Send Message / Get Conversation', () => {
	it("sends a message and outputs the assistant's reply with the conversation ID", async () => {
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
});

describeTokenNeverShown(kit);
