import { kit, runV2 } from './setup';
import { describeTokenNeverShown, locator } from '../kit';

describe('Document → Update, Delete', () => {
	it("deletes with {id, knowledgebase_id, deleted} and the service's message", async () => {
		const deleted = await runV2('document', 'delete', {
			knowledgeBaseId: locator(51),
			documentId: locator(501),
		});
		await kit().expectDeletedOnce(deleted, '/api/user/knowledgebases/51/documents/501', {
			id: 501,
			knowledgebase_id: 51,
			message: 'Document deleted successfully.',
		});
	});
});

describeTokenNeverShown(kit);
