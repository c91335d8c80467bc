import type { IDataObject } from 'n8n-workflow';
import { describeTokenNeverShown, jsonOf, locator } from '../kit';
import { ALICE, kit, run, load } from './setup';

const createConversation = async (parameters: IDataObject) =>
	await run({ resource: 'chat', operation: 'createConversation', ...parameters });

describe('Chat → Create Conversation / Send Message / Get Conversation', () => {
	it("creates a chat with the assistant's UUID, type and variables, and outputs the ID and first message", async () => {
		const result = await createConversation({
			assistantUuid: locator(ALICE.chatAssistantUuid, 'list'),
			type: 'test',
			variables: { variable: [{ name: 'customer_name', value: 'Ada' }] },
		});
		await kit().expectSentOnce(result, 'POST /api/conversations', {
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
		const result = await createConversation({ assistantUuid: locator('={{ 104 }}') });
		await kit().expectFailedBeforeSending(result, '(assistant_id)');
		expect(result.error?.message).toMatch(/UUID.*not its numeric ID/);
	});

	it('the assistant picker offers assistants by UUID', async () => {
		const found = await load<{ results: unknown[] }>('searchAssistantUuids', 'concierge');
		expect(found.results).toEqual([
			{ name: 'Chat Concierge (#104)', value: ALICE.chatAssistantUuid },
		]);
	});
});

describeTokenNeverShown(kit);
