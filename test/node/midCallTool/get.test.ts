import { jsonOf, locator, only } from '../kit';
import { kit, v2 } from './setup';

describe('Mid-Call Tool → Get', () => {
	it('reads GET /api/user/tools/{id} and outputs the tool', async () => {
		const result = await kit().run(
			{ resource: 'midCallTool', operation: 'get', toolId: locator(31) },
			v2,
		);
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/tools/31',
			status: 200,
		});
		expect(jsonOf(result)).toEqual([expect.objectContaining({ id: 31, name: 'calendar_booking' })]);
	});
});
