import { jsonOf, only } from '../kit';
import { kit, v2 } from './setup';

describe('Mid-Call Tool → Get Many', () => {
	it("reads GET /api/user/tools, outputs the account's tools and applies the Limit locally", async () => {
		const all = await kit().run(
			{ resource: 'midCallTool', operation: 'getAll', returnAll: true },
			v2,
		);
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/tools',
			status: 200,
		});
		expect(jsonOf(all).map((tool) => tool.id)).toEqual([31, 32, 33]);
		const limited = await kit().run(
			{ resource: 'midCallTool', operation: 'getAll', returnAll: false, limit: 2 },
			v2,
		);
		expect(jsonOf(limited).map((tool) => tool.id)).toEqual([31, 32]);
	});
});
