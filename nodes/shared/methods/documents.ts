import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { parseId } from '../ids';
import { famulorApiRequest, unwrapList } from '../transport';
import { hintResult, matches, toItem } from './common';

/** What the document picker shows until a knowledge base is chosen. */
const CHOOSE_KNOWLEDGE_BASE_FIRST =
	'Choose the Knowledge Base first: documents are listed per knowledge base';

/** Documents of the knowledge base chosen in the node; the hint until one is chosen. */
export async function searchDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const knowledgeBaseId = parseId(
		this.getCurrentNodeParameter('knowledgeBaseId', { extractValue: true }),
	);
	if (knowledgeBaseId === undefined) return hintResult(CHOOSE_KNOWLEDGE_BASE_FIRST);
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: `/api/user/knowledgebases/${knowledgeBaseId}/documents`,
	});
	const results = unwrapList(response)
		.filter((document) => matches(filter, document.name, document.id))
		.map((document) =>
			toItem(
				`${String(document.name)} (#${String(document.id)}, ${String(document.status)})`,
				document.id,
			),
		);
	return { results };
}
