/**
 * Reads the lists a poll watches through the one transport (paced with every other request of the
 * credential), stopping as early as the order an answer shows allows (decisions.ts).
 */
import { NodeApiError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { asNodeError, famulorApiRequest, unwrapList } from '../shared/transport';
import { POLL_PAGE_SIZE } from './constants';
import { nextNumberedPage, orderOf } from './decisions';
import { afterSweepPage, sweepStart, type SweepState, type SweepStep } from './sweep';

export interface ListScan {
	records: IDataObject[];
	/** Requests the scan sent. */
	requests: number;
	/** Whether pages beyond the catch-up horizon were left unread. */
	beyondHorizon: boolean;
}

function get(ctx: IPollFunctions, path: string, qs: IDataObject): Promise<IDataObject> {
	return famulorApiRequest.call(ctx, { method: 'GET', path, qs });
}

const idOf = (record: IDataObject): number => Number(record.id);

/**
 * A page-number list (calls, leads): the records with IDs from `neededFrom` up, or every record when
 * it is undefined (a list whose order no page shows is read whole either way).
 */
export async function scanNumberedList(
	ctx: IPollFunctions,
	path: string,
	qs: IDataObject,
	neededFrom: number | undefined,
): Promise<ListScan> {
	const records: IDataObject[] = [];
	let page = 1;
	let requests = 0;
	let lastPage = 1;
	let order: ReturnType<typeof orderOf> = 'unknown';
	for (;;) {
		const answer = await get(ctx, path, { ...qs, per_page: POLL_PAGE_SIZE, page });
		requests++;
		const data = unwrapList(answer);
		records.push(...data);
		if (page === 1) {
			lastPage = typeof answer.last_page === 'number' ? answer.last_page : 1;
			order = orderOf(data.map(idOf));
		}
		if (data.length === 0) break;
		const next = nextNumberedPage({
			order,
			page,
			lastPage,
			pagesRead: requests,
			lowestId: Math.min(...data.map(idOf)),
			neededFrom,
		});
		if (next === 'done') break;
		if (next === 'horizon') return { records, requests, beyondHorizon: true };
		page = next;
	}
	return { records, requests, beyondHorizon: false };
}

/** One page of a list and where the next one is (undefined: the list's end). */
interface ListPage {
	records: IDataObject[];
	next: string | undefined;
}

/**
 * Reads a list page by position: undefined for the first page, else a cursor or a page number;
 * `stale` when the service refuses a position kept from an earlier poll (a cursor it no longer
 * takes: the docs show no error for one, so any 400, 404 or 422), which starts the cycle over.
 */
type Pager = (position: string | undefined) => Promise<ListPage | 'stale'>;

async function getPage(
	ctx: IPollFunctions,
	path: string,
	qs: IDataObject,
	kept: boolean,
): Promise<IDataObject | 'stale'> {
	try {
		return await get(ctx, path, qs);
	} catch (error) {
		if (kept && error instanceof NodeApiError && STALE_STATUSES.includes(String(error.httpCode)))
			return 'stale';
		throw asNodeError(ctx.getNode(), error);
	}
}

const STALE_STATUSES = ['400', '404', '422'];

/** The conversations list: cursor pages (https://docs.famulor.de/en/api-reference/conversations/list). */
export const cursorPager =
	(ctx: IPollFunctions, path: string, qs: IDataObject): Pager =>
	async (position) => {
		const answer = await getPage(
			ctx,
			path,
			{ ...qs, per_page: POLL_PAGE_SIZE, ...(position === undefined ? {} : { cursor: position }) },
			position !== undefined,
		);
		if (answer === 'stale') return answer;
		const next = answer.next_cursor;
		return {
			records: unwrapList(answer),
			next: typeof next === 'string' && next !== '' ? next : undefined,
		};
	};

/** A page-number list, e.g. leads (https://docs.famulor.de/en/api-reference/leads/list). */
export const numberedPager =
	(ctx: IPollFunctions, path: string, qs: IDataObject): Pager =>
	async (position) => {
		const page = position === undefined ? 1 : Number(position);
		const answer = await getPage(ctx, path, { ...qs, per_page: POLL_PAGE_SIZE, page }, page > 1);
		if (answer === 'stale') return answer;
		const records = unwrapList(answer);
		const lastPage = typeof answer.last_page === 'number' ? answer.last_page : page;
		return { records, next: records.length > 0 && page < lastPage ? String(page + 1) : undefined };
	};

export interface SweepRead {
	/** The first page's records, then the sweep's, each record once. */
	records: IDataObject[];
	requests: number;
	/** Where the sweep stopped: `complete` at the list's end. */
	step: SweepStep;
}

/**
 * One poll's read of a swept list (sweep.ts): the first page, then up to `budget` pages from where
 * the sweep stands; an Infinity budget reads the whole list (a quiet first poll).
 */
export async function readSweep(
	pager: Pager,
	sweep: SweepState,
	budget: number,
): Promise<SweepRead> {
	const first = await pager(undefined);
	if (first === 'stale') throw new Error('the first page is never stale');
	const seen = new Set<string>();
	const records: IDataObject[] = [];
	const add = (page: IDataObject[]) => {
		for (const record of page)
			if (!seen.has(String(record.id))) {
				seen.add(String(record.id));
				records.push(record);
			}
	};
	add(first.records);
	let requests = 1;
	let sweepPages = 0;
	let restarted = false;
	let step: SweepStep = afterSweepPage(sweepStart(sweep, first.next), 0, budget);
	while (step.kind === 'read') {
		const page = await pager(step.at);
		requests++;
		if (page === 'stale') {
			// Start the cycle over below the first page, once; a second refusal waits for the next poll.
			step = restarted ? { kind: 'pause', at: '' } : afterSweepPage(first.next, sweepPages, budget);
			restarted = true;
			continue;
		}
		sweepPages++;
		add(page.records);
		step = afterSweepPage(page.next, sweepPages, budget);
	}
	return { records, requests, step };
}
