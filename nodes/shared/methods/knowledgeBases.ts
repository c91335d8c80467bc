import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';
import { matches, toItem } from './common';

/**
 * Knowledge bases come from the list endpoint of the service's docs
 * (https://docs.famulor.de/en/api-reference/knowledge-bases/list); the seed specification has
 * only get/update.
 */
export async function searchKnowledgeBases(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/knowledgebases',
	});
	const results = unwrapList(response)
		.filter((base) => matches(filter, base.name, base.id))
		.map((base) => toItem(`${String(base.name)} (#${String(base.id)})`, base.id));
	return { results };
}
