import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { getList, named, optionsOf, searchResult } from './common';

export async function searchMidCallTools(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(await getList(this, '/api/user/tools'), filter, named);
}

export async function getMidCallTools(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return optionsOf(await getList(this, '/api/user/tools'), named);
}
