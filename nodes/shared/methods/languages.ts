import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';
import { getList, optionsOf, searchResult } from './common';

/** Languages: by name for version 1's assistant `language`, by ID for version 2's. */

/** Languages by name, the value the assistant `language` field takes. */
export async function getLanguages(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/assistants/languages',
	});
	return unwrapList(response).map((language) => ({
		name: String(language.name),
		value: String(language.name),
		description: language.iso_2 ? `Code: ${String(language.iso_2)}` : undefined,
	}));
}

export async function searchLanguages(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(
		await getList(this, '/api/user/assistants/languages'),
		filter,
		(l) => `${String(l.name)} (${String(l.iso_2 ?? l.id)})`,
	);
}

export async function getLanguageOptions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return optionsOf(await getList(this, '/api/user/assistants/languages'), (l) => String(l.name));
}
