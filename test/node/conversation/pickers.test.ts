import { only } from '../kit';
import { kit, ALICE, load } from './setup';

describe('Conversation → Disable AI / Enable AI', () => {
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
