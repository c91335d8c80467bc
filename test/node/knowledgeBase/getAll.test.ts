import { describeTokenNeverShown, jsonOf } from '../kit';
import { ALICE, kit, runV2 } from './setup';

describe('Knowledge Base → Create, Get Many, Delete', () => {
	// Split from the Delete test, which listed before deleting.
	it('lists with Return All / Limit', async () => {
		await kit().api('POST', '/api/user/knowledgebases', { name: 'Second' });
		expect(
			jsonOf(await runV2('knowledgeBase', 'getAll', { returnAll: false, limit: 1 })).map(
				(kb) => kb.id,
			),
		).toEqual([ALICE.knowledgeBaseId]);
		expect(jsonOf(await runV2('knowledgeBase', 'getAll', { returnAll: true }))).toHaveLength(2);
	});
});

describeTokenNeverShown(kit);
