import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { engineMode, getList, named, searchResult } from './common';

/** Models of the type the chosen mode needs: `llm` for pipeline, else the mode's own list. */
export async function searchModels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const mode = engineMode(this);
	const type = mode === 'multimodal' || mode === 'dualplex' ? mode : 'llm';
	return searchResult(await getList(this, '/api/user/assistants/models', { type }), filter, named);
}

/** LLMs only: the chat fallback of multimodal/dualplex assistants is one. */
export async function searchLlmModels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(
		await getList(this, '/api/user/assistants/models', { type: 'llm' }),
		filter,
		named,
	);
}
