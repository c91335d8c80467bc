import { describeTokenNeverShown, jsonOf, locator, only, newChat } from '../kit';
import { kit, run } from './setup';

describe('Conversation → Disable AI / Enable AI', () => {
	// Split from the Disable AI test, which switched the AI off before switching it on here.
	it('switches the AI of a conversation on by UUID, and outputs the state with the conversation ID', async () => {
		const uuid = await newChat(kit());
		const off = await kit().api('POST', `/api/automate/conversations/${uuid}/disable-ai`);
		expect(off.json).toMatchObject({ ai_enabled: false });
		await kit().clearRequests();
		const on = await run({
			resource: 'conversation',
			operation: 'enableAi',
			conversationId: locator(uuid, 'list'),
		});
		expect(jsonOf(on)).toEqual([{ conversation_id: uuid, status: true, ai_enabled: true }]);
		expect(only(await kit().requests()).path).toBe(`/api/automate/conversations/${uuid}/enable-ai`);
	});
});

describeTokenNeverShown(kit);
