/**
 * Reads the lists a poll watches through the one transport (paced with every other request of the
 * credential), stopping as early as the order an answer shows allows (decisions.ts).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../shared/transport';
import { MAX_PAGES_PER_POLL, POLL_PAGE_SIZE } from './constants';
import { comparableTime, newestUpdatedFirst, nextNumberedPage, orderOf } from './decisions';

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

/**
 * The conversations list (cursor pages): every conversation, or, where the cursor shows the list runs
 * newest update first, those updated at or after `mark`.
 */
export async function scanConversations(
	ctx: IPollFunctions,
	qs: IDataObject,
	mark: string,
): Promise<ListScan> {
	const records: IDataObject[] = [];
	let cursor: string | undefined;
	let requests = 0;
	for (;;) {
		const answer = await get(ctx, '/api/user/conversations', {
			...qs,
			per_page: POLL_PAGE_SIZE,
			...(cursor === undefined ? {} : { cursor }),
		});
		requests++;
		const data = unwrapList(answer);
		records.push(...data);
		const next =
			typeof answer.next_cursor === 'string' && answer.next_cursor !== ''
				? answer.next_cursor
				: undefined;
		if (next === undefined || data.length === 0) break;
		const times = data.map((record) => comparableTime(record.updated_at));
		if (mark !== '' && newestUpdatedFirst(next, times) && times[times.length - 1] < mark) break;
		if (requests >= MAX_PAGES_PER_POLL) return { records, requests, beyondHorizon: true };
		cursor = next;
	}
	return { records, requests, beyondHorizon: false };
}
