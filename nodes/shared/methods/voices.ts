import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { parseId } from '../ids';
import { currentValue, engineMode, getList, searchResult } from './common';

/** Voices suiting the chosen engine mode and language. */
export async function searchVoices(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = {};
	const mode = engineMode(this);
	const languageId = parseId(currentValue(this, 'languageId'));
	if (mode) qs.mode = mode;
	if (languageId !== undefined) qs.language_id = languageId;
	const voices = await getList(this, '/api/user/assistants/voices', qs);
	return searchResult(
		voices,
		filter,
		(v) =>
			[String(v.name), v.gender, v.accent, v.age].filter((part) => part).join(', ') +
			` (#${String(v.id)})`,
	);
}
