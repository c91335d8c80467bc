import { createHash } from 'crypto';

import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { MAX_LIST_PAGES, MAX_LIST_RECORDS, MAX_PAGE_SIZE } from './constants';
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
 * Guards one paged read: at most MAX_LIST_PAGES pages, and no page (nor cursor) twice. A service that
 * ignores `?page` answers the first page again and again; that is an error, not duplicates.
 */
class PageGuard {
	private readonly seen = new Map<string, number>();
	private pages = 0;

	constructor(
		private readonly context: FamulorRequestContext,
		private readonly path: string,
		private readonly itemIndex: number | undefined,
	) {}

	private fail(message: string): NodeOperationError {
		return new NodeOperationError(this.context.getNode(), message, {
			itemIndex: this.itemIndex,
			description: `GET ${this.path}`,
		});
	}

	/** Called before each request: the cap. */
	next(): void {
		if (++this.pages <= MAX_LIST_PAGES) return;
		throw this.fail(
			`The list ${this.path} has more than ${MAX_LIST_PAGES} pages (${MAX_LIST_RECORDS.toLocaleString('en-US')} records), the most one run reads: narrow it with the operation's filters, or turn off Return All and set a Limit`,
		);
	}

	/** Whether this page (or cursor) came before, remembering it if not; the page it came with. */
	private earlier(what: string): number | undefined {
		const digest = createHash('sha256').update(what).digest('hex');
		const page = this.seen.get(digest);
		if (page === undefined) this.seen.set(digest, this.pages);
		return page;
	}

	/** Each page's records: the same records twice stop the read. */
	checkPage(data: IDataObject[]): void {
		if (data.length === 0) return;
		const earlier = this.earlier(`page:${JSON.stringify(data)}`);
		if (earlier === undefined) return;
		throw this.fail(
			`The service answered page ${this.pages} of ${this.path} with the same records as page ${earlier}, so reading stopped instead of returning them twice: it seems to ignore the paging parameters. Turn off Return All and set a Limit of at most one page (${MAX_PAGE_SIZE})`,
		);
	}

	/** Each next cursor: one given before would read the same pages again. */
	checkCursor(cursor: string): void {
		const earlier = this.earlier(`cursor:${cursor}`);
		if (earlier === undefined) return;
		throw this.fail(
			`The service gave page ${this.pages} of ${this.path} the same next cursor as page ${earlier}, so reading stopped instead of returning the same records again. Turn off Return All and set a Limit of at most one page (${MAX_PAGE_SIZE})`,
		);
	}
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
	const guard = new PageGuard(this, request.path, request.itemIndex);
	for (let page = 1; ; page++) {
		guard.next();
		const response = (await famulorApiRequest.call(this, {
			method: 'GET',
			path: request.path,
			qs: { ...request.qs, per_page: request.perPage, page },
			itemIndex: request.itemIndex,
		})) as PageNumberResponse;
		const data = Array.isArray(response.data) ? response.data : [];
		guard.checkPage(data);
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
 * maximum; a cursor or page seen before is an error (PageGuard), not a loop.
 */
export async function requestCursorList(
	this: FamulorRequestContext,
	request: ListRequest,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	const guard = new PageGuard(this, request.path, request.itemIndex);
	let cursor: string | undefined;
	while (records.length < request.limit) {
		guard.next();
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
		guard.checkPage(data);
		records.push(...data.slice(0, request.limit - records.length));
		const next = response.next_cursor;
		if (typeof next !== 'string' || next === '' || data.length === 0) break;
		guard.checkCursor(next);
		cursor = next;
	}
	return records;
}

/**
 * Return All / Limit over a list its endpoint answers whole, not paged (a bare array or `{data: [...]}`):
 * one request, the Limit applied to the answer. `legacyKey` as in unwrapList.
 */
export async function requestWholeList(
	this: FamulorRequestContext,
	request: ListRequest & { legacyKey?: string },
): Promise<IDataObject[]> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: request.path,
		qs: request.qs,
		itemIndex: request.itemIndex,
	});
	return unwrapList(response, request.legacyKey).slice(0, request.limit);
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
