import { kit, runV2 } from './setup';
import { jsonOf, locator, only, describeTokenNeverShown } from '../kit';

describe('Document → Update, Delete', () => {
	it("deletes with {id, knowledgebase_id, deleted} and the service's message", async () => {
		const deleted = await runV2('document', 'delete', {
			knowledgeBaseId: locator(51),
			documentId: locator(501),
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/knowledgebases/51/documents/501',
			status: 200,
		});
		expect(jsonOf(deleted)).toEqual([
			{ id: 501, knowledgebase_id: 51, deleted: true, message: 'Document deleted successfully.' },
		]);
	});
});

describeTokenNeverShown(kit);
