import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { parseId } from '../ids';
import { MAX_PAGE_SIZE, famulorApiRequest, listPages, unwrapList, type Paging } from '../transport';

/**
 * What every picker shares: the search text match, the list items and options, one page of a paged
 * list search, and reading what the user chose elsewhere in the node.
 */

export function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(needle),
	);
}

export function toItem(name: string, id: unknown): INodeListSearchItems {
	return { name, value: String(id) };
}

/** `Name (#id)`, how most pickers show a record. */
export const named = (record: IDataObject): string =>
	`${String(record.name)} (#${String(record.id)})`;

/**
 * What a picker answers while a field it needs is still empty. n8n's editor shows a thrown error only
 * as "Could not load list" (and n8n logs it with its stack), an empty list as "No results"; one entry
 * shows the hint itself, and its empty value leaves the field unset when clicked.
 */
export function hintResult(hint: string): INodeListSearchResult {
	return { results: [{ name: hint, value: '' }] };
}

/** A whole list as list-search results: filtered by its label or ID, the ID as the value. */
export function searchResult(
	records: IDataObject[],
	filter: string | undefined,
	label: (record: IDataObject) => string,
): INodeListSearchResult {
	const results: INodeListSearchItems[] = records
		.filter((record) => matches(filter, label(record), record.id))
		.map((record) => ({ name: label(record), value: String(record.id) }));
	return { results };
}

/** A whole list as options of a multi-select, the numeric ID as the value. */
export function optionsOf(
	records: IDataObject[],
	label: (record: IDataObject) => string,
): INodePropertyOptions[] {
	return records.map((record) => ({ name: label(record), value: Number(record.id) }));
}

/** A list the service sends whole (a bare array or under `data`). */
export async function getList(
	context: ILoadOptionsFunctions,
	path: string,
	qs: IDataObject = {},
): Promise<IDataObject[]> {
	return unwrapList(await famulorApiRequest.call(context, { method: 'GET', path, qs }));
}

/** One page of a paged list and the token n8n hands back for the next (none after the last page). */
export interface SearchPage {
	records: IDataObject[];
	paginationToken?: string;
}

/**
 * One page of a paged list search, through the one paginator: n8n asks for one page per call and
 * passes back the token of the last answer, the next page's cursor or number (`paging` as in
 * listPages). A page whose next is the page it was read at ends the list (the paginator logs it).
 */
export async function searchPage(
	context: ILoadOptionsFunctions,
	request: { path: string; paging: Paging; paginationToken: unknown; qs?: IDataObject },
): Promise<SearchPage> {
	const { path, paging, paginationToken, qs } = request;
	const token = typeof paginationToken === 'number' ? String(paginationToken) : paginationToken;
	const read = listPages.call(context, {
		path,
		qs,
		paging,
		from: typeof token === 'string' && token !== '' ? token : undefined,
		perPage: MAX_PAGE_SIZE,
		maxPages: 1,
	});
	let page: SearchPage = { records: [] };
	for await (const { records, next } of read) page = { records, paginationToken: next };
	if (read.end.kind === 'repeated') page.paginationToken = undefined;
	return page;
}

/** The ID chosen in another locator of the node (list or ID mode), or undefined while none is. */
export function chosenId(
	context: ILoadOptionsFunctions,
	parameterName: string,
): number | undefined {
	return parseId(context.getCurrentNodeParameter(parameterName, { extractValue: true }));
}

/**
 * A parameter of the node, top level (create) or inside Update Fields: as being edited in the
 * editor, else as stored in the workflow.
 */
export function currentValue(context: ILoadOptionsFunctions, name: string): unknown {
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

/** The assistant engine mode chosen in the node; voices and models follow it. */
export function engineMode(context: ILoadOptionsFunctions): string | undefined {
	const mode = currentValue(context, 'mode');
	return typeof mode === 'string' && ['pipeline', 'multimodal', 'dualplex'].includes(mode)
		? mode
		: undefined;
}
