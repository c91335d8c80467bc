/**
 * Cursor pagination of conversations (newest first), with Laravel-style opaque cursors over the
 * internal ID, as the docs' example cursor decodes: {"id":100,"_pointsToNextItems":true}
 * (https://docs.famulor.de/en/api-reference/conversations/list). A conversation's internal ID is its seq.
 */
import type { Conversation } from '../../model/messaging';
import { isPlainObject } from '../validation';

function encodeCursor(seq: number, next: boolean): string {
	return Buffer.from(JSON.stringify({ id: seq, _pointsToNextItems: next })).toString('base64url');
}

export function decodeCursor(c: string): { seq: number; next: boolean } | undefined {
	try {
		const v = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as unknown;
		if (!isPlainObject(v) || typeof v.id !== 'number' || typeof v._pointsToNextItems !== 'boolean')
			return undefined;
		return { seq: v.id, next: v._pointsToNextItems };
	} catch {
		return undefined;
	}
}

/** index of the last element with seq < bound (or -1) */
function lastBelow(list: Conversation[], bound: number): number {
	let lo = 0;
	let hi = list.length - 1;
	let ans = -1;
	while (lo <= hi) {
		const mid = (lo + hi) >> 1;
		if (list[mid].seq < bound) {
			ans = mid;
			lo = mid + 1;
		} else hi = mid - 1;
	}
	return ans;
}

/** One page of `list` (ascending seq) newest first: the matching items before/after the cursor and the neighbouring cursors. */
export function cursorPage(
	list: Conversation[],
	cursor: { seq: number; next: boolean } | undefined,
	perPage: number,
	match: (c: Conversation) => boolean,
): { items: Conversation[]; next: string | null; prev: string | null } {
	let items: Conversation[] = [];
	let hasMore = false;
	if (!cursor || cursor.next) {
		// newest first: walk down from the newest (or from just below the cursor)
		let i = cursor ? lastBelow(list, cursor.seq) : list.length - 1;
		for (; i >= 0 && items.length <= perPage; i--) if (match(list[i])) items.push(list[i]);
		hasMore = items.length > perPage;
		items = items.slice(0, perPage);
	} else {
		let i = lastBelow(list, cursor.seq + 1) + 1;
		const up: Conversation[] = [];
		for (; i < list.length && up.length <= perPage; i++) if (match(list[i])) up.push(list[i]);
		hasMore = up.length > perPage;
		items = up.slice(0, perPage).reverse();
	}
	let next: string | null = null;
	let prev: string | null = null;
	if (items.length) {
		const first = items[0];
		const last = items[items.length - 1];
		if (!cursor) next = hasMore ? encodeCursor(last.seq, true) : null;
		else if (cursor.next) {
			next = hasMore ? encodeCursor(last.seq, true) : null;
			prev = encodeCursor(first.seq, false);
		} else {
			next = encodeCursor(last.seq, true);
			prev = hasMore ? encodeCursor(first.seq, false) : null;
		}
	}
	return { items, next, prev };
}
