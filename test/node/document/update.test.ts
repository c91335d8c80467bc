import { kit, ALICE, runV2 } from './setup';
import { jsonOf, locator, only, describeTokenNeverShown, NO_FIELD_TO_CHANGE } from '../kit';

describe('Document → Update, Delete', () => {
	it('updates name and description at the document path and outputs the document', async () => {
		const result = await runV2('document', 'update', {
			knowledgeBaseId: locator(ALICE.knowledgeBaseId),
			documentId: locator(ALICE.documentIds[0]),
			updateFields: { name: 'FAQ page', description: 'Public FAQ' },
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'PUT',
			path: '/api/user/knowledgebases/51/documents/501',
			body: { name: 'FAQ page', description: 'Public FAQ' },
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: 501,
				name: 'FAQ page',
				description: 'Public FAQ',
				status: 'active',
			}),
		]);
	});

	// Split from the Delete test, which began with this check.
	it('fails without a field to change before sending', async () => {
		await kit().expectFailedBeforeSending(
			await runV2('document', 'update', { knowledgeBaseId: locator(51), documentId: locator(501) }),
			NO_FIELD_TO_CHANGE,
		);
	});
});

describeTokenNeverShown(kit);
