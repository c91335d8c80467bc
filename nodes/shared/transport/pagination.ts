/**
 * Return All / Limit of the list operations, over the one paginator (pages.ts): the records of a
 * paged list up to the Limit, or of a list its endpoint answers whole.
 */
import { NodeOperationError, type IDataObject } from 'n8n-workflow';

import { MAX_LIST_PAGES, MAX_LIST_RECORDS, MAX_PAGE_SIZE } from './constants';
import { unwrapList } from './lists';
import { listPages, type ListRead, type Paging } from './pages';
import { famulorApiRequest } from './request';
import type { FamulorRequestContext } from './types';

export interface ListRequest {
	path: string;
	qs?: IDataObject;
	/** Number of records wanted; `Infinity` for Return All. */
	limit: number;
	itemIndex?: number;
}

/** Turns the Return All / Limit pair of a list operation into the `limit` the helpers take. */
export function listLimit(returnAll: boolean, limit: number): number {
	return returnAll ? Infinity : limit;
}

/**
 * A read that stopped at the page budget fails the operation: it asked for every record (or for more
 * than were read), and a part passed on as the whole would mislead what follows.
 */
function tooLong(
	context: FamulorRequestContext,
	read: ListRead,
	request: { path: string; itemIndex?: number },
): NodeOperationError | undefined {
	if (read.end.kind !== 'budget') return undefined;
	return new NodeOperationError(
		context.getNode(),
		`The list ${request.path} has more than ${MAX_LIST_PAGES} pages (${MAX_LIST_RECORDS.toLocaleString('en-US')} records), the most one run reads: narrow it with the operation's filters, or turn off Return All and set a Limit`,
		{ itemIndex: request.itemIndex, description: `GET ${request.path}` },
	);
}

/**
 * A read the service ended by repeating a page or cursor keeps what it read: nothing more is
 * there to read, and the records before the repeat are the list's as the service gave them. The
 * paginator logs why in n8n's log; the editor shows it too, as a hint on the output, where the
 * runtime has them (n8n 1.x before execution hints has none).
 */
function tellRepeated(context: FamulorRequestContext, read: ListRead, kept: number): void {
	if (read.end.kind !== 'repeated' || !('addExecutionHints' in context)) return;
	if (typeof context.addExecutionHints !== 'function') return;
	context.addExecutionHints({
		message: `${read.end.message}. The ${kept} records read before it are the output.`,
		type: 'warning',
		location: 'outputPane',
	});
}

/**
 * The records of a paged list up to `limit`. A page-number list asks for pages no larger than
 * needed, the same size on every page (offsets are computed from it); a cursor list asks each page
 * for what is still wanted.
 */
async function requestPagedList(
	context: FamulorRequestContext,
	paging: Paging,
	request: ListRequest,
): Promise<IDataObject[]> {
	const read = listPages.call(context, {
		path: request.path,
		qs: request.qs,
		paging,
		perPage:
			paging === 'page' ? Math.max(1, Math.min(MAX_PAGE_SIZE, request.limit)) : MAX_PAGE_SIZE,
		want: request.limit,
		maxPages: MAX_LIST_PAGES,
		itemIndex: request.itemIndex,
	});
	const records: IDataObject[] = [];
	for await (const page of read)
		records.push(...page.records.slice(0, request.limit - records.length));
	const failure = tooLong(context, read, request);
	if (failure) throw failure;
	tellRepeated(context, read, records.length);
	return records;
}

/** Return All / Limit over a page-number list (`page`, `per_page`, `last_page`). */
export async function requestPageNumberList(
	this: FamulorRequestContext,
	request: ListRequest,
): Promise<IDataObject[]> {
	return await requestPagedList(this, 'page', request);
}

/** Return All / Limit over a cursor list (`cursor`, `next_cursor`). */
export async function requestCursorList(
	this: FamulorRequestContext,
	request: ListRequest,
): Promise<IDataObject[]> {
	return await requestPagedList(this, 'cursor', request);
}

/**
 * Every page of a page-number list, for callers that look through it and stop at what they find (the
 * trigger's assistant lookups); a list longer than MAX_LIST_PAGES pages fails as Return All does.
 */
export async function* pageNumberPages(
	this: FamulorRequestContext,
	request: { path: string; qs?: IDataObject; perPage: number; itemIndex?: number },
): AsyncGenerator<IDataObject[]> {
	const read = listPages.call(this, { ...request, paging: 'page', maxPages: MAX_LIST_PAGES });
	for await (const page of read) if (page.records.length > 0) yield page.records;
	// A repeated page or cursor ends the lookup with what was read (the paginator logs it).
	const failure = tooLong(this, read, request);
	if (failure) throw failure;
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
