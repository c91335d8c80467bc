import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';

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
