import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { parseId } from '../ids';
import { famulorApiRequest, requestPageNumberList, unwrapList } from '../transport';

/**
 * Pickers of the assistant settings (node version 2) and of the folder, label and mid-call tool
 * operations: list searches for resource locators, option loaders for multi-selects. Voices and
 * models follow the engine mode (and language) chosen in the node, as the service's lists do
 * (https://docs.famulor.de/en/api-reference/assistants/voices, .../models).
 */

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(needle),
	);
}

function searchResult(
	records: IDataObject[],
	filter: string | undefined,
	label: (record: IDataObject) => string,
): INodeListSearchResult {
	const results: INodeListSearchItems[] = records
		.filter((record) => matches(filter, label(record), record.id))
		.map((record) => ({ name: label(record), value: String(record.id) }));
	return { results };
}

function optionsOf(
	records: IDataObject[],
	label: (record: IDataObject) => string,
): INodePropertyOptions[] {
	return records.map((record) => ({ name: label(record), value: Number(record.id) }));
}

/**
 * A parameter of the node, top level (create) or inside Update Fields: as being edited in the
 * editor, else as stored in the workflow.
 */
function currentValue(context: ILoadOptionsFunctions, name: string): unknown {
	for (const path of [name, `updateFields.${name}`]) {
		const readers = [
			() => context.getCurrentNodeParameter(path, { extractValue: true }),
			() => context.getNodeParameter(path, undefined, { extractValue: true }),
		];
		for (const read of readers) {
			try {
				const value = read();
				if (value !== undefined && value !== null && value !== '' && typeof value !== 'function')
					return value;
			} catch {
				// not set at this path
			}
		}
	}
	return undefined;
}

function engineMode(context: ILoadOptionsFunctions): string | undefined {
	const mode = currentValue(context, 'mode');
	return typeof mode === 'string' && ['pipeline', 'multimodal', 'dualplex'].includes(mode)
		? mode
		: undefined;
}

async function getList(
	context: ILoadOptionsFunctions,
	path: string,
	qs: IDataObject = {},
): Promise<IDataObject[]> {
	return unwrapList(await famulorApiRequest.call(context, { method: 'GET', path, qs }));
}

const named = (record: IDataObject): string => `${String(record.name)} (#${String(record.id)})`;

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

/** Numbers the assistant may use; an inbound assistant gets only the numbers free for inbound. */
export async function searchAssignablePhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const type = currentValue(this, 'type') === 'inbound' ? 'inbound' : 'outbound';
	const numbers = await getList(this, '/api/user/assistants/phone-numbers', { type });
	return searchResult(
		numbers,
		filter,
		(p) =>
			`${String(p.phone_number)} (${String(p.type_label ?? p.country_code)}${p.is_available === false ? ', serves an inbound assistant' : ''})`,
	);
}

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

/** Folders and labels are paged lists; the pickers read every page. */
async function organizers(
	context: ILoadOptionsFunctions,
	noun: 'folders' | 'labels',
): Promise<IDataObject[]> {
	return await requestPageNumberList.call(context, { path: `/api/user/${noun}`, limit: Infinity });
}

export async function searchFolders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(await organizers(this, 'folders'), filter, named);
}

export async function searchLabels(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(await organizers(this, 'labels'), filter, named);
}

export async function searchMidCallTools(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return searchResult(await getList(this, '/api/user/tools'), filter, named);
}

export async function getLabels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return optionsOf(await organizers(this, 'labels'), named);
}

export async function getMidCallTools(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return optionsOf(await getList(this, '/api/user/tools'), named);
}

export async function getLanguageOptions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return optionsOf(await getList(this, '/api/user/assistants/languages'), (l) => String(l.name));
}
