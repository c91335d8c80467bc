import { kit } from './setup';
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchDocuments } from '../../../nodes/shared/methods/documents';
import { withRequestContext } from '../../../harness/engine';
import { only } from '../kit';

describe('Document → Update, Delete', () => {
	it('the document picker lists the documents of the chosen knowledge base, and the hint to choose one before one is chosen', async () => {
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
		expect((await pick('')).results).toEqual([
			{
				name: 'Choose the Knowledge Base first: documents are listed per knowledge base',
				value: '',
			},
		]);
		expect(await kit().requests()).toEqual([]);
		expect((await pick('51')).results).toEqual([
			{ name: 'Website FAQ (#501, active)', value: '501' },
		]);
		expect(only(await kit().requests()).path).toBe('/api/user/knowledgebases/51/documents');
	});
});
