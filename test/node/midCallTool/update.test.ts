import { jsonOf, locator } from '../kit';
import { kit, runTool } from './setup';

describe('Mid-Call Tool → Update', () => {
	it('sends PUT /api/user/tools/{id} with only the fields given and outputs the tool', async () => {
		const result = await runTool('update', { toolId: locator(32), updateFields: { timeout: 20 } });
		const request = await kit().expectSentOnce(result, 'PUT /api/user/tools/32', { status: 200 });
		expect(request.body).toStrictEqual({ timeout: 20 });
		expect(jsonOf(result)).toEqual([expect.objectContaining({ id: 32, timeout: 20 })]);
	});
});
