import { jsonOf, locator } from '../kit';
import { kit, runTool } from './setup';

describe('Mid-Call Tool → Get', () => {
	it('reads GET /api/user/tools/{id} and outputs the tool', async () => {
		const result = await runTool('get', { toolId: locator(31) });
		await kit().expectSentOnce(result, 'GET /api/user/tools/31', { status: 200 });
		expect(jsonOf(result)).toEqual([expect.objectContaining({ id: 31, name: 'calendar_booking' })]);
	});
});
