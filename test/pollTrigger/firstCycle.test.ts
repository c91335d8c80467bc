/**
 * The first cycle's decisions (nodes/FamulorPollTrigger/sweep.ts) as tables: where the first poll
 * leaves the sweep, how the first cycle ends, and what learning a list costs.
 */
import {
	FIRST_CYCLE_PAGES_PER_POLL,
	FIRST_POLL_MAX_PAGES,
	POLL_PAGE_SIZE,
} from '../../nodes/FamulorPollTrigger/constants';
import {
	FIRST_CYCLE,
	advanceSweep,
	firstSweep,
	freshSweep,
	inFirstCycle,
	secondAfter,
	type SweepState,
	type SweepStep,
} from '../../nodes/FamulorPollTrigger/sweep';
import { firstCycleCost } from '../../harness/pollingCost';

const T1 = '2026-03-01 09:00:00';
const T2 = '2026-03-01 09:00:01';
const T3 = '2026-03-01 10:00:00';

describe('firstSweep: the sweep after the first poll', () => {
	it.each<[string, SweepStep, SweepState]>([
		['read the whole list: fresh, known up to its mark', { kind: 'complete' }, freshSweep(T1)],
		[
			'the budget ran out: in the first cycle, continuing where it paused',
			{ kind: 'pause', at: 'c20' },
			{ next: 'c20', cycleMark: T1, knownUntil: FIRST_CYCLE },
		],
		[
			'a repeated cursor ended it: in the first cycle, from the cycle start',
			{ kind: 'pause', at: '' },
			{ next: '', cycleMark: T1, knownUntil: FIRST_CYCLE },
		],
	])('%s', (_title, step, sweep) => {
		expect(firstSweep(step, T1)).toEqual(sweep);
	});
});

describe('advanceSweep in and after the first cycle', () => {
	const learning: SweepState = { next: 'c20', cycleMark: T1, knownUntil: FIRST_CYCLE };
	it.each<[string, SweepState, SweepStep, SweepState]>([
		[
			'paused: still learning, where it paused',
			learning,
			{ kind: 'pause', at: 'c39' },
			{ ...learning, next: 'c39' },
		],
		[
			'complete: known up to the end of the newest second seen',
			learning,
			{ kind: 'complete' },
			{ next: '', cycleMark: secondAfter(T3), knownUntil: secondAfter(T3) },
		],
		[
			'the cycle after it, nothing newer: knownUntil does not go back to the mark',
			{ next: 'c9', cycleMark: T3, knownUntil: secondAfter(T3) },
			{ kind: 'complete' },
			{ next: '', cycleMark: T3, knownUntil: secondAfter(T3) },
		],
	])('%s', (_title, sweep, step, after) => {
		expect(advanceSweep(sweep, step, T3)).toEqual(after);
		expect(inFirstCycle(after)).toBe(step.kind !== 'complete');
	});
});

describe('secondAfter', () => {
	it.each([
		[T1, T2],
		['2026-12-31 23:59:59', '2027-01-01 00:00:00'],
		['', ''],
	])('%s → %s', (time, after) => {
		expect(secondAfter(time)).toBe(after);
	});
});

describe('firstCycleCost: the first poll and the polls until the list is learnt', () => {
	it.each([
		// records, first poll's requests, polls, requests in all (each later poll reads page 1 again);
		// 100 pages in the first poll, then the first page and 19 more, 100 records a page
		[100, 1, 1, 1],
		[5_000, 50, 1, 50],
		[10_000, 100, 1, 100],
		[10_001, 100, 2, 102],
		[50_000, 100, 23, 522],
	])('%i records', (records, firstPollRequests, polls, requests) => {
		expect(
			firstCycleCost(records, FIRST_POLL_MAX_PAGES, FIRST_CYCLE_PAGES_PER_POLL, POLL_PAGE_SIZE),
		).toEqual({
			firstPollRequests,
			polls,
			requests,
		});
	});
});
