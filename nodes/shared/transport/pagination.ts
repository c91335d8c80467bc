import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, MAX_PAGES } from './constants';
import { famulorApiRequest } from './request';
import type { FamulorRequestContext } from './types';

export interface ListRequest {
	path: string;
	qs?: IDataObject;
	/** Number of records wanted; `Infinity` for Return All. */
	limit: number;
	itemIndex?: number;
}

interface PageNumberResponse {
	data?: IDataObject[];
	current_page?: number;
	last_page?: number;
	per_page?: number;
	total?: number;
}

interface CursorResponse {
	data?: IDataObject[];
	next_cursor?: string | null;
}

/** Turns the Return All / Limit pair of a list operation into the `limit` the helpers take. */
export function listLimit(returnAll: boolean, limit: number): number {
	return returnAll ? Infinity : limit;
}

/** `last_page`, or from `total` and `per_page` where a list gives only those (folders, labels), else this page. */
function lastPageOf(response: PageNumberResponse, page: number): number {
	if (typeof response.last_page === 'number') return response.last_page;
	if (
		typeof response.total === 'number' &&
		typeof response.per_page === 'number' &&
		response.per_page > 0
	)
		return Math.ceil(response.total / response.per_page);
	return page;
}

/**
 * The pages of a page-number list (`page`, `per_page`, `last_page`), one request per page, until the
 * last page or an empty one. The page size stays the same on every page, because page offsets are
 * computed from it. Callers stop early by leaving the loop.
 */
export async function* pageNumberPages(
	this: FamulorRequestContext,
	request: { path: string; qs?: IDataObject; perPage: number; itemIndex?: number },
): AsyncGenerator<IDataObject[]> {
	for (let page = 1; page <= MAX_PAGES; page++) {
		const response = (await famulorApiRequest.call(this, {
			method: 'GET',
			path: request.path,
			qs: { ...request.qs, per_page: request.perPage, page },
			itemIndex: request.itemIndex,
		})) as PageNumberResponse;
		const data = Array.isArray(response.data) ? response.data : [];
		if (data.length > 0) yield data;
		const lastPage = lastPageOf(response, page);
		if (data.length === 0 || page >= lastPage) return;
	}
}

/** Return All / Limit over a page-number list, asking for pages no larger than needed. */
export async function requestPageNumberList(
	this: FamulorRequestContext,
	request: ListRequest,
): Promise<IDataObject[]> {
	const perPage = Math.max(1, Math.min(MAX_PAGE_SIZE, request.limit));
	const records: IDataObject[] = [];
	for await (const data of pageNumberPages.call(this, { ...request, perPage })) {
		records.push(...data.slice(0, request.limit - records.length));
		if (records.length >= request.limit) break;
	}
	return records;
}

/**
 * Cursor lists (`cursor`, `next_cursor`). Each page asks for what is still wanted, up to the
 * maximum; a cursor seen before, or MAX_PAGES pages, end the loop instead of cycling forever.
 */
export async function requestCursorList(
	this: FamulorRequestContext,
	request: ListRequest,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	const seenCursors = new Set<string>();
	let cursor: string | undefined;
	for (let page = 0; page < MAX_PAGES && records.length < request.limit; page++) {
		const perPage = Math.max(1, Math.min(MAX_PAGE_SIZE, request.limit - records.length));
		const qs: IDataObject = { ...request.qs, per_page: perPage };
		if (cursor !== undefined) qs.cursor = cursor;
		const response = (await famulorApiRequest.call(this, {
			method: 'GET',
			path: request.path,
			qs,
			itemIndex: request.itemIndex,
		})) as CursorResponse;
		const data = Array.isArray(response.data) ? response.data : [];
		records.push(...data.slice(0, request.limit - records.length));
		const next = response.next_cursor;
		if (typeof next !== 'string' || next === '' || data.length === 0 || seenCursors.has(next))
			break;
		seenCursors.add(next);
		cursor = next;
	}
	return records;
}

/**
 * Unwraps list answers that come as a bare array or as `{data: [...]}` (the service's docs show both);
 * `legacyKey` names the wrapper an endpoint used before, e.g. `campaigns` for `{campaigns: [...]}`.
 */
export function unwrapList(response: unknown, legacyKey?: string): IDataObject[] {
	if (Array.isArray(response)) return response as IDataObject[];
	const wrapper = response as IDataObject | undefined;
	const data = wrapper?.data ?? (legacyKey !== undefined ? wrapper?.[legacyKey] : undefined);
	return Array.isArray(data) ? (data as IDataObject[]) : [];
}

/** Unwraps single-record answers that come as the record itself or as `{data: {...}}`. */
export function unwrapRecord(response: IDataObject): IDataObject {
	const data = response.data;
	return typeof data === 'object' && data !== null && !Array.isArray(data)
		? (data as IDataObject)
		: response;
}
