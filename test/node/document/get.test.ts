import { KB, kit, run } from './setup';
import { SEED } from '../../../sandbox';
import { only, describeTokenNeverShown } from '../kit';

describe('Document → Get', () => {
	it('reads GET .../documents/{documentId} and outputs the document itself', async () => {
		const result = await run('get', { documentId: String(SEED.alice.documentIds[0]) });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: `/api/user/knowledgebases/${KB}/documents/501`,
			query: {},
		});
		expect(result.output).toHaveLength(1);
		expect(result.output[0].json).toMatchObject({
			id: 501,
			name: 'Website FAQ',
			type: 'website',
			status: 'active',
		});
		expect(result.output[0].json.data).toBeUndefined();
	});

	it('maps 404 for a document of another knowledge base', async () => {
		const result = await run('get', { documentId: String(SEED.bob.documentIds[0]) });
		expect(result.error?.message).toBe('Famulor API error 404: Document not found.');
	});

	it('fails the item on a document ID that is not a number and sends nothing', async () => {
		const result = await run('get', { documentId: 'doc-501' });
		expect(result.error?.message).toMatch(
			/Document ID \(documentId\) must be a positive whole number/,
		);
		expect(await kit().requests()).toEqual([]);
	});
});

describeTokenNeverShown(kit);
