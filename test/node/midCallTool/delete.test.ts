import { jsonOf, locator, only } from '../kit';
import { kit, v2 } from './setup';

describe('Mid-Call Tool → Delete', () => {
	it("sends DELETE /api/user/tools/{id} and outputs {id, deleted} and the service's message", async () => {
		const result = await kit().run(
			{ resource: 'midCallTool', operation: 'delete', toolId: locator(33) },
			v2,
		);
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/tools/33',
			status: 200,
		});
		expect(jsonOf(result)).toEqual([
			{ id: 33, deleted: true, message: 'Tool deleted successfully' },
		]);
	});
});
