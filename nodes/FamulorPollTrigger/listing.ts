/**
 * The polling decisions of a poll's list reads, over the one paginator (listPages: paced with every
 * other request of the credential, a page budget, no page or cursor twice): which page a scan reads
 * next (decisions.ts), and where a sweep stands after its pages (sweep.ts).
 */
import { NodeApiError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { asNodeError, listPages, type Paging } from '../shared/transport';
import { MAX_PAGES_PER_POLL, POLL_PAGE_SIZE } from './constants';
import { nextNumberedPage, orderOf, type ListOrder } from './decisions';
import { afterSweepPage, sweepStart, type SweepState, type SweepStep } from './sweep';

export interface ListScan {
	records: IDataObject[];
	/** Requests the scan sent. */
	requests: number;
	/** Whether pages beyond the catch-up horizon were left unread. */
	beyondHorizon: boolean;
}

const idOf = (record: IDataObject): number => Number(record.id);

/**
 * A page-number list (calls, leads): the records with IDs from `neededFrom` up, or every record when
 * it is undefined (a list whose order no page shows is read whole either way), at most
 * MAX_PAGES_PER_POLL pages.
 */
export async function scanNumberedList(
	ctx: IPollFunctions,
	path: string,
	qs: IDataObject,
	neededFrom: number | undefined,
): Promise<ListScan> {
	let order: ListOrder = 'unknown';
	let lastPage = 1;
	let page = 1;
	let beyondHorizon = false;
	const read = listPages.call(ctx, {
		path,
		qs,
		paging: 'page',
		perPage: POLL_PAGE_SIZE,
		maxPages: MAX_PAGES_PER_POLL,
		choose: ({ records, lastPage: last }, pagesRead) => {
			if (pagesRead === 1) {
				lastPage = last ?? 1;
				order = orderOf(records.map(idOf));
			}
			if (records.length === 0) return undefined;
			const lowestId = Math.min(...records.map(idOf));
			const next = nextNumberedPage({ order, page, lastPage, pagesRead, lowestId, neededFrom });
			beyondHorizon = next === 'horizon';
			if (typeof next !== 'number') return undefined;
			page = next;
			return String(next);
		},
	});
	const records: IDataObject[] = [];
	for await (const { records: data } of read) records.push(...data);
	return { records, requests: read.requests, beyondHorizon };
}

/** A list a sweep walks: its path, filters and paging. */
export interface SweptList {
	path: string;
	qs: IDataObject;
	paging: Paging;
}

export interface SweepRead {
	/** The first page's records, then the sweep's, each record once. */
	records: IDataObject[];
	requests: number;
	/** Where the sweep stopped: `complete` at the list's end. */
	step: SweepStep;
}

/**
 * Whether the service refused a position kept from an earlier poll (a cursor it no longer takes: the
 * docs show no error for one, so any 400, 404 or 422), which starts the cycle over.
 */
const STALE_STATUSES = ['400', '404', '422'];
const isStale = (error: unknown): boolean =>
	error instanceof NodeApiError && STALE_STATUSES.includes(String(error.httpCode));

/**
 * One poll's read of a swept list (sweep.ts): the first page, then up to `budget` pages from where
 * the sweep stands. A position the service refuses starts the cycle over below the first page, once
 * (a second refusal waits for the next poll); a repeated page or cursor ends the read where it is
 * (the paginator logs it) and the next poll starts the cycle over, the cycle not complete.
 */
export async function readSweep(
	ctx: IPollFunctions,
	list: SweptList,
	sweep: SweepState,
	budget: number,
): Promise<SweepRead> {
	const seen = new Set<string>();
	const records: IDataObject[] = [];
	const add = (page: IDataObject[]) => {
		for (const record of page)
			if (!seen.has(String(record.id))) {
				seen.add(String(record.id));
				records.push(record);
			}
	};
	const read = (from: string | undefined, maxPages: number) =>
		listPages.call(ctx, { ...list, from, perPage: POLL_PAGE_SIZE, maxPages });
	const first = read(undefined, 1);
	let firstNext: string | undefined;
	try {
		for await (const page of first) {
			add(page.records);
			firstNext = page.next;
		}
	} catch (error) {
		throw asNodeError(ctx.getNode(), error);
	}
	let requests = first.requests;
	let sweepPages = 0;
	let restarted = false;
	let step = afterSweepPage(sweepStart(sweep, firstNext), 0, budget);
	while (step.kind === 'read') {
		const pages = read(step.at, budget - sweepPages);
		try {
			for await (const page of pages) {
				sweepPages++;
				add(page.records);
			}
		} catch (error) {
			if (!isStale(error)) throw asNodeError(ctx.getNode(), error);
			// Start the cycle over below the first page, once; a second refusal waits for the next poll.
			requests += pages.requests + 1;
			step = restarted ? { kind: 'pause', at: '' } : afterSweepPage(firstNext, sweepPages, budget);
			restarted = true;
			continue;
		}
		requests += pages.requests;
		const { end } = pages;
		step =
			end.kind === 'repeated'
				? { kind: 'pause', at: '' }
				: afterSweepPage(end.kind === 'budget' ? end.next : undefined, sweepPages, budget);
	}
	return { records, requests, step };
}
