import { kit } from './setup';
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchDocuments } from '../../../nodes/shared/methods/documents';
import { SEED } from '../../../sandbox';
import { withRequestContext } from '../../../harness/engine';
import {
	expectFailedBeforeSending,
	jsonOf,
	locator,
	only,
	describeTokenNeverShown,
	NO_FIELD_TO_CHANGE,
	v2Runner,
} from '../kit';

const ALICE = SEED.alice;

const runV2 = v2Runner(kit);

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

	it("fails without a field to change before sending; deletes with {id, knowledgebase_id, deleted} and the service's message", async () => {
		await expectFailedBeforeSending(
			kit(),
			await runV2('document', 'update', { knowledgeBaseId: locator(51), documentId: locator(501) }),
			NO_FIELD_TO_CHANGE,
		);
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

	it('the document picker lists the documents of the chosen knowledge base, and nothing before one is chosen', async () => {
		type Search = (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>;
		const pick = async (knowledgeBaseId: unknown) =>
			await withRequestContext(kit().credentials, async function () {
				// the editor sends the node's current parameters; the picker reads the chosen knowledge base from them
				const context = Object.assign(Object.create(this) as ILoadOptionsFunctions, {
					getCurrentNodeParameter: (name: string) =>
						name === 'knowledgeBaseId' ? knowledgeBaseId : undefined,
				});
				return await (searchDocuments as Search).call(context);
			});
		expect((await pick('')).results).toEqual([]);
		expect(await kit().requests()).toEqual([]);
		expect((await pick('51')).results).toEqual([
			{ name: 'Website FAQ (#501, active)', value: '501' },
		]);
		expect(only(await kit().requests()).path).toBe('/api/user/knowledgebases/51/documents');
	});
});

describeTokenNeverShown(kit);
