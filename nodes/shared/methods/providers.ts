import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { parseId } from '../ids';
import { currentValue, getList, named, searchResult } from './common';

/** Speech providers (text to speech, speech to text) for the chosen language. */

async function providers(
	context: ILoadOptionsFunctions,
	path: string,
	filter?: string,
): Promise<INodeListSearchResult> {
	const languageId = parseId(currentValue(context, 'languageId'));
	return searchResult(
		await getList(context, path, languageId !== undefined ? { language_id: languageId } : {}),
		filter,
		named,
	);
}

export async function searchSynthesizerProviders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await providers(this, '/api/user/assistants/synthesizer-providers', filter);
}

export async function searchTranscriberProviders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await providers(this, '/api/user/assistants/transcriber-providers', filter);
}
