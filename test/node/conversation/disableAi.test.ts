import { SEED } from '../../../sandbox';
import type { IDataObject } from 'n8n-workflow';
import { describeTokenNeverShown, jsonOf, locator, newChat, type RunOptions } from '../kit';
import { kit, run } from './setup';

const disableAi = async (conversationId: IDataObject, options: RunOptions = {}) =>
	await run({ resource: 'conversation', operation: 'disableAi', conversationId }, options);

describe('Conversation → Disable AI / Enable AI', () => {
	it('switches the AI of a conversation off by UUID, and outputs the state with the conversation ID', async () => {
		const uuid = await newChat(kit());
		const off = await disableAi(locator(uuid));
		await kit().expectSentOnce(off, `POST /api/automate/conversations/${uuid}/disable-ai`, {
			body: null,
		});
		expect(jsonOf(off)).toEqual([{ conversation_id: uuid, status: true, ai_enabled: false }]);
		const silent = await kit().api('POST', `/api/conversations/${uuid}/messages`, {
			message: 'Einen Menschen bitte',
		});
		expect(silent.json.message).toBe('');
	});

	it('refuses the numeric conversation_id of a WhatsApp send before sending, saying where the UUID is', async () => {
		const result = await disableAi(locator('={{ 9012 }}'));
		await kit().expectFailedBeforeSending(result, '(uuid)');
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
		const result = await disableAi(locator(uuid), { continueOnFail: true });
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				error: expect.stringMatching(/Conversation not found/),
				httpCode: 404,
			}),
		]);
	});
});

describeTokenNeverShown(kit);
