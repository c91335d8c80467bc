import { jsonOf, describeTokenNeverShown } from '../kit';
import { ALICE, kit, run } from './setup';

describe('Campaign → Create and Get Many', () => {
	it('Get Many reads the bare array of GET /api/user/campaigns and applies the Limit locally', async () => {
		const all = await run('campaign', 'getAll', { returnAll: true });
		expect(jsonOf(all).map((campaign) => campaign.id)).toEqual(ALICE.campaignIds);
		const one = await run('campaign', 'getAll', { returnAll: false, limit: 1 });
		expect(jsonOf(one).map((campaign) => campaign.id)).toEqual([ALICE.campaignIds[0]]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.query]),
		).toEqual([
			['GET', '/api/user/campaigns', {}],
			['GET', '/api/user/campaigns', {}],
		]);
	});
});

describeTokenNeverShown(kit);
