import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, items, locator } from '../kit';
import { kit, ALICE, runV2 } from './setup';

describe('Knowledge Base → Create, Get Many, Delete', () => {
	it("deletes with {id, deleted} and the service's message", async () => {
		const deleted = await runV2('knowledgeBase', 'delete', {
			knowledgeBaseId: locator(ALICE.knowledgeBaseId),
		});
		await kit().expectDeletedOnce(deleted, `/api/user/knowledgebases/${ALICE.knowledgeBaseId}`, {
			id: ALICE.knowledgeBaseId,
			message: 'Knowledgebase deleted successfully.',
		});
	});

	it('names the deletions that took effect when a later item fails', async () => {
		const other = (await kit().api('POST', '/api/user/knowledgebases', { name: 'Other' })).json
			.data as { id: number };
		await kit().clearRequests();
		const input = items({ id: other.id }, { id: SEED.bob.knowledgeBaseId });
		const result = await runV2(
			'knowledgeBase',
			'delete',
			{ knowledgeBaseId: locator('={{ $json.id }}') },
			{ input },
		);
		expect(result.error?.message).toMatch(/404/);
		expect(result.error?.message).toContain(
			`Before this failure 1 knowledge base deletion of other items took effect (id: ${other.id})`,
		);
	});
});

describeTokenNeverShown(kit);
