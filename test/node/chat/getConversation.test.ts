import { jsonOf, locator, only, describeTokenNeverShown, newChat } from '../kit';
import { kit, run } from './setup';

describe('Chat → Create Conversation / Send Message / Get Conversation', () => {
	// Split from the Send Message test, whose message and reply make the history read here.
	it('Get Conversation reads the history', async () => {
		const uuid = await newChat(kit());
		const sent = await kit().api('POST', `/api/conversations/${uuid}/messages`, {
			message: 'Haben Sie samstags offen?',
		});
		expect(sent.status).toBe(200);
		const reply = sent.json as { message: string };
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
});

describeTokenNeverShown(kit);
