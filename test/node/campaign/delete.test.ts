import { jsonOf, locator, only, describeTokenNeverShown } from '../kit';
import { kit, run } from './setup';

describe('Campaign → Start, Stop, Delete', () => {
	it('Delete sends DELETE /api/user/campaign/{id} (singular) and outputs {id, deleted, message}', async () => {
		const result = await run('campaign', 'delete', { campaignId: locator(92) });
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/campaign/92',
			status: 200,
		});
		expect(jsonOf(result)).toEqual([
			{ id: 92, deleted: true, message: 'Campaign deleted successfully' },
		]);
	});
});

describeTokenNeverShown(kit);
