import { describeTokenNeverShown, locator } from '../kit';
import { kit, run } from './setup';

describe('Campaign → Start, Stop, Delete', () => {
	it('Delete sends DELETE /api/user/campaign/{id} (singular) and outputs {id, deleted, message}', async () => {
		const result = await run('campaign', 'delete', { campaignId: locator(92) });
		await kit().expectDeletedOnce(result, '/api/user/campaign/92', {
			id: 92,
			message: 'Campaign deleted successfully',
		});
	});
});

describeTokenNeverShown(kit);
