import { jsonOf, limitTo, only } from '../kit';
import { kit, runTool } from './setup';

describe('Mid-Call Tool → Get Many', () => {
	it("reads GET /api/user/tools, outputs the account's tools and applies the Limit locally", async () => {
		const all = await runTool('getAll', { returnAll: true });
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/tools',
			status: 200,
		});
		expect(jsonOf(all).map((tool) => tool.id)).toEqual([31, 32, 33]);
		const limited = await runTool('getAll', limitTo(2));
		expect(jsonOf(limited).map((tool) => tool.id)).toEqual([31, 32]);
	});
});
