import { locator } from '../kit';
import { kit, runTool } from './setup';

describe('Mid-Call Tool → Delete', () => {
	it("sends DELETE /api/user/tools/{id} and outputs {id, deleted} and the service's message", async () => {
		const result = await runTool('delete', { toolId: locator(33) });
		await kit().expectDeletedOnce(result, '/api/user/tools/33', {
			id: 33,
			message: 'Tool deleted successfully',
		});
	});
});
