import { describeTokenNeverShown, locator } from '../kit';
import { kit, run } from './setup';

describe('Lead → Delete', () => {
	it('sends DELETE /api/user/leads/{id} once and outputs {id, deleted, message}', async () => {
		const result = await run('lead', 'delete', { leadId: locator(912) });
		await kit().expectDeletedOnce(result, '/api/user/leads/912', {
			id: 912,
			message: 'Lead deleted successfully',
		});
	});

	it('never repeats a delete whose outcome is unknown (500)', async () => {
		await kit().fault({ method: 'DELETE', path: '/api/user/leads/912', kind: '500', count: 1 });
		const result = await run('lead', 'delete', { leadId: locator(912) });
		expect(result.error).toBeDefined();
		expect(await kit().requests('/api/user/leads/912')).toHaveLength(1);
	});
});

describeTokenNeverShown(kit);
