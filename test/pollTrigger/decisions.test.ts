/** The polling trigger's pure decisions, as tables (nodes/FamulorPollTrigger/decisions.ts, state.ts). */
import { MAX_PAGES_PER_POLL } from '../../nodes/FamulorPollTrigger/constants';
import {
	conversationVerdict,
	leadStatusChange,
	nextNumberedPage,
	orderOf,
	settleVerdict,
	type NumberedPageStep,
} from '../../nodes/FamulorPollTrigger/decisions';
import { bound, emptyState, pollPhase, track } from '../../nodes/FamulorPollTrigger/state';

describe('orderOf: only a page of at least two IDs all rising or falling shows an order', () => {
	it.each([
		[[], 'unknown'],
		[[7], 'unknown'],
		[[1, 2, 3], 'ascending'],
		[[3, 2, 1], 'descending'],
		[[1, 3, 2], 'unknown'],
		[[2, 2], 'unknown'],
	])('%j → %s', (ids, order) => {
		expect(orderOf(ids as number[])).toBe(order);
	});
});

describe('nextNumberedPage', () => {
	const step = (overrides: Partial<NumberedPageStep>): NumberedPageStep => ({
		order: 'descending',
		page: 1,
		lastPage: 5,
		pagesRead: 1,
		lowestId: 100,
		neededFrom: 50,
		...overrides,
	});
	it.each<[string, Partial<NumberedPageStep>, number | 'done' | 'horizon']>([
		['newest first, page still above the needed IDs: the next page', {}, 2],
		[
			'newest first, page reaches below them: done (an idle poll is one request)',
			{ lowestId: 40 },
			'done',
		],
		['newest first, the last page: done', { page: 5, pagesRead: 5 }, 'done'],
		['oldest first, page 1: straight to the last page', { order: 'ascending', lowestId: 1 }, 5],
		['oldest first, one page only: done', { order: 'ascending', lastPage: 1 }, 'done'],
		[
			'oldest first, last page reaches below: done (idle = two requests)',
			{ order: 'ascending', page: 5, pagesRead: 2, lowestId: 40 },
			'done',
		],
		[
			'oldest first, last page all needed: the page before',
			{ order: 'ascending', page: 5, pagesRead: 2, lowestId: 60 },
			4,
		],
		[
			'oldest first, down to page 2: done (page 1 was read)',
			{ order: 'ascending', page: 2, pagesRead: 5, lowestId: 60 },
			'done',
		],
		['order unknown: every page', { order: 'unknown', lowestId: 1 }, 2],
		['every record needed: every page', { neededFrom: undefined, lowestId: 1 }, 2],
		['past the horizon: horizon', { pagesRead: MAX_PAGES_PER_POLL }, 'horizon'],
	])('%s', (_title, overrides, next) => {
		expect(nextNumberedPage(step(overrides))).toBe(next);
	});
});

describe('conversationVerdict', () => {
	const mark = '2026-03-01 12:00:00';
	const conversation = (messageCount: number, createdAt: string, updatedAt: string) => ({
		messageCount,
		createdAt,
		updatedAt,
	});
	it.each([
		[
			'remembered, count grew: read from the remembered count',
			3,
			conversation(5, '2026-01-01 00:00:00', '2026-03-01 12:05:00'),
			{ kind: 'read', from: 3 },
		],
		[
			'remembered, count unchanged (AI switched off): nothing',
			5,
			conversation(5, '2026-01-01 00:00:00', '2026-03-01 12:05:00'),
			{ kind: 'remember' },
		],
		[
			'not remembered, created since knownUntil: every message',
			undefined,
			conversation(2, '2026-03-01 12:01:00', '2026-03-01 12:01:00'),
			{ kind: 'read', from: 0 },
		],
		[
			"not remembered, created in knownUntil's second: every message",
			undefined,
			conversation(1, mark, mark),
			{ kind: 'read', from: 0 },
		],
		[
			'not remembered, older, changed since knownUntil: its latest message, marked',
			undefined,
			conversation(9, '2026-01-01 00:00:00', '2026-03-01 12:01:00'),
			{ kind: 'latest' },
		],
		[
			"not remembered, older, changed in knownUntil's second: its latest message, marked",
			undefined,
			conversation(9, '2026-01-01 00:00:00', mark),
			{ kind: 'latest' },
		],
		[
			'not remembered, older, unchanged: remembered now',
			undefined,
			conversation(9, '2026-01-01 00:00:00', '2026-02-01 00:00:00'),
			{ kind: 'remember' },
		],
	])('%s', (_title, known, record, verdict) => {
		expect(conversationVerdict(known, record, mark)).toEqual(verdict);
	});
});

describe('settleVerdict (a call ending, a document leaving processing)', () => {
	it.each([
		[{ watched: true, isNew: false, settled: true }, 'emit'],
		[{ watched: false, isNew: true, settled: true }, 'emit'],
		[{ watched: false, isNew: true, settled: false }, 'watch'],
		[{ watched: true, isNew: false, settled: false }, 'watch'],
		[{ watched: false, isNew: false, settled: true }, 'forget'],
		[{ watched: false, isNew: false, settled: false }, 'forget'],
	])('%j → %s', (record, verdict) => {
		expect(settleVerdict(record)).toBe(verdict);
	});
});

describe('leadStatusChange', () => {
	const knownUntil = '2026-03-01 12:00:00';
	const before = '2026-02-01 00:00:00';
	const after = '2026-03-01 12:00:01';
	it.each([
		['known, same status', 'created', false, 'created', after, knownUntil, false, 'created'],
		['known, other status', 'created', false, 'processing', before, knownUntil, true, 'created'],
		['new lead, still created', undefined, true, 'created', after, knownUntil, false, 'created'],
		['new lead, processing', undefined, true, 'processing', after, knownUntil, true, 'created'],
		['not remembered, not updated since', undefined, false, 'completed', before, knownUntil, false],
		['not remembered, updated since', undefined, false, 'completed', after, knownUntil, true],
		['not remembered, same second', undefined, false, 'completed', knownUntil, knownUntil, true],
		[
			'a state from before the sweep knows nothing',
			undefined,
			false,
			'completed',
			after,
			'',
			false,
		],
	])('%s', (_title, known, isNew, status, updatedAt, until, changed, previous = undefined) => {
		const lead = {
			isNew: isNew as boolean,
			status: status as string,
			updatedAt: updatedAt as string,
		};
		expect(leadStatusChange(known, lead, until as string)).toEqual({ changed, previous });
	});
});

describe('pollPhase and the state bound', () => {
	it.each([
		[true, undefined, 'sample'],
		[true, emptyState('k'), 'sample'],
		[false, undefined, 'baseline'],
		[false, emptyState('other filters'), 'baseline'],
		[false, emptyState('k'), 'watch'],
	])('manual %s, stored %j → %s', (manual, stored, phase) => {
		expect(pollPhase(manual as boolean, stored ?? undefined, 'k')).toBe(phase);
	});

	it('keeps the newest records: numeric IDs drop the lowest, UUIDs the least recently changed', () => {
		const numeric = emptyState('k');
		for (const id of [5, 1, 9, 3]) track(numeric, String(id), 'processing');
		expect(bound(numeric, 2)).toBe(2);
		expect(Object.keys(numeric.tracked)).toEqual(['5', '9']);
		const uuids = emptyState('k');
		for (const id of ['c', 'a', 'b']) track(uuids, id, 1);
		track(uuids, 'c', 2);
		expect(bound(uuids, 2)).toBe(1);
		expect(uuids.tracked).toEqual({ b: 1, c: 2 });
	});

	it('given the records a sweep may forget, drops only those, the least recently changed first', () => {
		const state = emptyState('k');
		for (const id of ['a', 'b', 'c', 'd']) track(state, id, 1);
		expect(bound(state, 2, new Set(['b', 'd']))).toBe(2);
		expect(Object.keys(state.tracked)).toEqual(['a', 'c']);
		for (const id of ['e', 'f']) track(state, id, 1);
		// Over the bound, but only 'e' may go: the state stays above it until the sweep passes more.
		expect(bound(state, 2, new Set(['e', 'x']))).toBe(1);
		expect(Object.keys(state.tracked)).toEqual(['a', 'c', 'f']);
	});
});
