/**
 * The one paginator: every paged read (Return All, the pickers, the polling trigger) goes through
 * `listPages`, which yields each page's records and where the next page is, within a page budget,
 * and stops on a page or cursor the read has seen before.
 */
import { createHash } from 'crypto';

import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE } from './constants';
import { unwrapList } from './lists';
import { famulorApiRequest } from './request';
import type { FamulorRequestContext } from './types';

/**
 * How a list pages: `cursor` follows `next_cursor`
 * (https://docs.famulor.de/en/api-reference/conversations/list); `page` counts `page` up to
 * `last_page`, or the last page `total` and `per_page` give, or while `next_page_url` is set
 * (https://docs.famulor.de/en/api-reference/calls/list).
 */
export type Paging = 'cursor' | 'page';

export interface PageRead {
	path: string;
	qs?: IDataObject;
	paging: Paging;
	/** Where the read starts: a cursor, or a page number as text; the first page when undefined. */
	from?: string;
	/** Records per page, at most MAX_PAGE_SIZE. A page-number list keeps it on every page. */
	perPage: number;
	/** Records wanted in all: a cursor list asks each page for no more than is still wanted. */
	want?: number;
	/** The page budget: the most requests this read sends. */
	maxPages: number;
	/** The page to read after `page` instead of the list's own next one; undefined ends the read. */
	choose?: (page: ListPage, pagesRead: number) => string | undefined;
	itemIndex?: number;
}

export interface ListPage {
	records: IDataObject[];
	/** The list's next page after this one (a cursor, or a page number as text); undefined at its end. */
	next: string | undefined;
	/** A page-number list's last page, as this answer gives it. */
	lastPage?: number;
}

/**
 * Why a read stopped: the list's end (or `choose` ended it), the page budget with `next` unread,
 * or a page or cursor seen before (`message` says which; it is in n8n's log).
 */
export type ReadEnd =
	{ kind: 'end' } | { kind: 'budget'; next: string } | { kind: 'repeated'; message: string };

interface PageAnswer {
	data?: unknown;
	next_cursor?: unknown;
	last_page?: unknown;
	total?: unknown;
	per_page?: unknown;
	next_page_url?: unknown;
}

const nonEmpty = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

/** A page-number answer's last page: `last_page`, else from `total` and `per_page` (folders, labels). */
function lastPageOf(answer: PageAnswer): number | undefined {
	if (typeof answer.last_page === 'number') return answer.last_page;
	const { total, per_page: perPage } = answer;
	if (typeof total === 'number' && typeof perPage === 'number' && perPage > 0)
		return Math.max(1, Math.ceil(total / perPage));
	return undefined;
}

/** The page an answer leaves next, by the list's paging; undefined at the list's end. */
function nextOf(paging: Paging, answer: unknown, page: number): ListPage {
	const fields = (Array.isArray(answer) ? {} : (answer ?? {})) as PageAnswer;
	const records = unwrapList(answer);
	if (paging === 'cursor') {
		const next = records.length > 0 ? nonEmpty(fields.next_cursor) : undefined;
		return { records, next };
	}
	const lastPage = lastPageOf(fields);
	const more =
		lastPage !== undefined ? page < lastPage : nonEmpty(fields.next_page_url) !== undefined;
	return { records, next: records.length > 0 && more ? String(page + 1) : undefined, lastPage };
}

/**
 * What one read has seen: positions (cursors, page numbers) and pages' records, by digest, each with
 * the page it came with. A service that ignores `?page` answers the first page again and again, and
 * one that repeats a cursor would be read for ever: both end the read.
 */
class PageGuard {
	private readonly seen = new Map<string, number>();

	/** The position the read starts at counts as seen, as page 0: a page that leads back to it repeats. */
	constructor(
		private readonly path: string,
		private readonly paging: Paging,
		from: string | undefined,
	) {
		if (from !== undefined) this.earlier(`at:${from}`, 0);
	}

	private earlier(what: string, page: number): number | undefined {
		const digest = createHash('sha256').update(what).digest('hex');
		const before = this.seen.get(digest);
		if (before === undefined) this.seen.set(digest, page);
		return before;
	}

	/** Why the `page`th page of the read ends it, when it holds the same records as one before. */
	samePage(page: number, records: IDataObject[]): string | undefined {
		if (records.length === 0) return undefined;
		const before = this.earlier(`page:${JSON.stringify(records)}`, page);
		if (before === undefined) return undefined;
		return `The service answered page ${page} of ${this.path} with the same records as page ${before}, so reading stopped instead of returning them twice: it seems to ignore the paging parameters`;
	}

	/** Why the `page`th page ends the read, when the position it leads to was read or given before. */
	sameNext(page: number, next: string): string | undefined {
		const before = this.earlier(`at:${next}`, page);
		if (before === undefined) return undefined;
		const earlier = before === 0 ? 'the position the read started at' : `page ${before}`;
		return `The service gave page ${page} of ${this.path} the same next ${this.paging} as ${earlier}, so reading stopped instead of returning the same records again`;
	}
}

/**
 * One paged read: the pages from `from` on, each with where the next one is, until the list's end,
 * the page budget, or a repeated page or cursor (written to n8n's log as a warning; the pages
 * yielded before it stand). `end` says which, once the pages are read; a caller that stops early
 * leaves the loop.
 */
export class ListRead implements AsyncIterable<ListPage> {
	end: ReadEnd = { kind: 'end' };
	/** Requests this read sent. */
	requests = 0;

	constructor(
		private readonly context: FamulorRequestContext,
		private readonly read: PageRead,
	) {}

	private query(at: string | undefined, recordsRead: number): IDataObject {
		const { paging, perPage, want = Infinity } = this.read;
		const size = paging === 'cursor' ? Math.min(perPage, Math.max(1, want - recordsRead)) : perPage;
		const position =
			paging === 'cursor'
				? at === undefined
					? {}
					: { cursor: at }
				: { page: at === undefined ? 1 : Number(at) };
		return { ...this.read.qs, per_page: Math.min(MAX_PAGE_SIZE, size), ...position };
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<ListPage> {
		const { read } = this;
		const guard = new PageGuard(
			read.path,
			read.paging,
			read.from ?? (read.paging === 'page' ? '1' : undefined),
		);
		let at = read.from;
		let recordsRead = 0;
		for (;;) {
			const answer = await famulorApiRequest.call(this.context, {
				method: 'GET',
				path: read.path,
				qs: this.query(at, recordsRead),
				itemIndex: read.itemIndex,
			});
			const pagesRead = ++this.requests;
			const page = nextOf(read.paging, answer, at === undefined ? 1 : Number(at));
			const samePage = guard.samePage(pagesRead, page.records);
			if (samePage !== undefined) return this.stop(samePage);
			recordsRead += page.records.length;
			yield page;
			const next = read.choose ? read.choose(page, pagesRead) : page.next;
			if (next === undefined || recordsRead >= (read.want ?? Infinity)) return;
			const sameNext = guard.sameNext(pagesRead, next);
			if (sameNext !== undefined) return this.stop(sameNext);
			if (pagesRead >= read.maxPages) {
				this.end = { kind: 'budget', next };
				return;
			}
			at = next;
		}
	}

	private stop(message: string): void {
		this.end = { kind: 'repeated', message };
		this.context.logger.warn(`Famulor: ${message}.`);
	}
}

/** The pages of one read (ListRead); `for await` them, then read `end`. */
export function listPages(this: FamulorRequestContext, read: PageRead): ListRead {
	return new ListRead(this, read);
}
