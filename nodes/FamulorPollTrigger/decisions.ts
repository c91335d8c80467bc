/**
 * The polling trigger's decisions, as pure functions over what the answers show (tested as tables in
 * test/pollTrigger/decisions.test.ts). The docs state no list's order, so the order is read from each
 * answer, and only an order an answer shows lets a poll stop early.
 */
import { MAX_PAGES_PER_POLL } from './constants';

export type ListOrder = 'ascending' | 'descending' | 'unknown';

/** The order of a page's numeric IDs: shown only by at least two IDs all rising or all falling. */
export function orderOf(ids: number[]): ListOrder {
	if (ids.length < 2) return 'unknown';
	let rising = true;
	let falling = true;
	for (let i = 1; i < ids.length; i++) {
		if (!(ids[i] > ids[i - 1])) rising = false;
		if (!(ids[i] < ids[i - 1])) falling = false;
	}
	return rising ? 'ascending' : falling ? 'descending' : 'unknown';
}

export interface NumberedPageStep {
	order: ListOrder;
	/** The page just read, and the list's last page as that answer gave it. */
	page: number;
	lastPage: number;
	pagesRead: number;
	/** Lowest ID on the page just read. */
	lowestId: number;
	/** Only IDs from this one up are needed; undefined: every record is. */
	neededFrom: number | undefined;
}

/**
 * The next page of a page-number list to read, `done`, or `horizon` (more is needed than one poll
 * reads). Newest first: down the pages until one reaches below the needed IDs. Oldest first: from
 * page 1 straight to the last page, then back until one reaches below them. Otherwise: every page.
 */
export function nextNumberedPage(step: NumberedPageStep): number | 'done' | 'horizon' {
	const { order, page, lastPage, neededFrom } = step;
	const reachedBelow = neededFrom !== undefined && step.lowestId < neededFrom;
	let next: number | undefined;
	if (neededFrom === undefined || order === 'unknown')
		next = page < lastPage ? page + 1 : undefined;
	else if (order === 'descending') next = !reachedBelow && page < lastPage ? page + 1 : undefined;
	else if (page === 1) next = lastPage > 1 ? lastPage : undefined;
	else next = !reachedBelow && page > 2 ? page - 1 : undefined;
	if (next === undefined) return 'done';
	return step.pagesRead >= MAX_PAGES_PER_POLL ? 'horizon' : next;
}

/** The service's times, "2025-01-25 14:30:00" or "2025-01-25T14:30:00.000000Z", as comparable text. */
export function comparableTime(value: unknown): string {
	return typeof value === 'string' ? value.replace('T', ' ').slice(0, 19) : '';
}

/**
 * What a conversation in the list asks for. `read` from a position: its history from that message on
 * is new; `latest`: it changed, but how many messages it had before is not remembered (quiet longer
 * than the MAX_TRACKED_RECORDS conversations changed since), so only its latest customer message is
 * emitted, marked as such; `remember`: nothing new to read.
 */
export type ConversationVerdict =
	{ kind: 'read'; from: number } | { kind: 'latest' } | { kind: 'remember' };

export function conversationVerdict(
	known: number | undefined,
	conversation: { messageCount: number; createdAt: string; updatedAt: string },
	knownUntil: string,
): ConversationVerdict {
	if (known !== undefined)
		return conversation.messageCount > known ? { kind: 'read', from: known } : { kind: 'remember' };
	// Not remembered: created since (same second included) means every message is new. The same
	// second counts as a change: a sweep remembers whatever it sees in knownUntil's second.
	if (conversation.createdAt >= knownUntil) return { kind: 'read', from: 0 };
	if (conversation.updatedAt >= knownUntil) return { kind: 'latest' };
	return { kind: 'remember' };
}

/**
 * What a record that settles (a call ending, a document leaving `processing`) asks for: `emit` once it
 * has settled, when it was watched or is new since the last poll; `watch` while it has not; `forget`
 * a record from before the trigger's start (or no longer remembered).
 */
export type SettleVerdict = 'emit' | 'watch' | 'forget';

export function settleVerdict(record: {
	watched: boolean;
	isNew: boolean;
	settled: boolean;
}): SettleVerdict {
	if (!record.watched && !record.isNew) return 'forget';
	return record.settled ? 'emit' : 'watch';
}

/**
 * A lead's status change: the status it had when last seen (a new lead's is `created`, the status
 * every lead starts in). A lead not remembered (never seen, or forgotten to keep the state bounded)
 * changed, from a status not known, only if it was updated since the sweep's `knownUntil` (sweep.ts;
 * '' when a state from before the sweep knows nothing of the leads it did not remember).
 */
export function leadStatusChange(
	known: string | undefined,
	lead: { isNew: boolean; status: string; updatedAt: string },
	knownUntil: string,
): { changed: boolean; previous: string | undefined } {
	const previous = known ?? (lead.isNew ? 'created' : undefined);
	if (previous !== undefined) return { changed: previous !== lead.status, previous };
	return { changed: knownUntil !== '' && lead.updatedAt >= knownUntil, previous };
}
