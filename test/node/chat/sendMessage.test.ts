import { describeTokenNeverShown, jsonOf, locator, newChat } from '../kit';
import { kit, run } from './setup';

const sendMessage = async (uuid: string, message: string) =>
	await run({ resource: 'chat', operation: 'sendMessage', conversationId: locator(uuid), message });

describe('Chat → Create Conversation / Send Message / Get Conversation', () => {
	it("sends a message and outputs the assistant's reply with the conversation ID", async () => {
		const uuid = await newChat(kit());
		const sent = await sendMessage(uuid, 'Haben Sie samstags offen?');
		await kit().expectSentOnce(sent, `POST /api/conversations/${uuid}/messages`, {
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

	it.each([
		['one over 2000 characters', 'x'.repeat(2001)],
		['an empty message', '={{ "" }}'],
	])('refuses %s before sending', async (_case, message) => {
		const uuid = await newChat(kit(), 'test');
		await kit().expectFailedBeforeSending(await sendMessage(uuid, message), '(message)');
	});

	it('sends a message of exactly 2000 characters', async () => {
		const uuid = await newChat(kit(), 'test');
		expect((await sendMessage(uuid, 'x'.repeat(2000))).error).toBeUndefined();
	});

	it('maps 400 Insufficient balance and never repeats the billed message', async () => {
		const uuid = await newChat(kit());
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		const result = await sendMessage(uuid, 'Hi');
		expect(result.error?.message).toMatch(/Insufficient balance/);
		expect(result.error?.context).toMatchObject({ httpCode: 400 });
		expect(await kit().requests()).toHaveLength(1);
	});
});

describeTokenNeverShown(kit);
