/** The sweep's named states and pure decisions, as tables (nodes/FamulorPollTrigger/sweep.ts). */
import {
	advanceSweep,
	afterSweepPage,
	forgettable,
	freshSweep,
	sweepPhase,
	sweepStart,
	type SweepState,
	type SweepStep,
} from '../../nodes/FamulorPollTrigger/sweep';

const T1 = '2026-03-01 10:00:00';
const T2 = '2026-03-01 11:00:00';
const T3 = '2026-03-01 12:00:00';
const midway: SweepState = { next: 'cursor-7', cycleMark: T2, knownUntil: T1 };
const atStart: SweepState = { next: '', cycleMark: T2, knownUntil: T1 };

describe('sweepPhase and sweepStart: where a poll continues below the first page', () => {
	it.each<[string, SweepState, string | undefined, string, string | undefined]>([
		['cycle start: below the first page', atStart, 'page-2', 'cycle start', 'page-2'],
		[
			'cycle start, the list is one page: nothing more',
			atStart,
			undefined,
			'cycle start',
			undefined,
		],
		['midway: where the last poll paused', midway, 'page-2', 'midway', 'cursor-7'],
		[
			'midway, the list shrank to one page: still where it paused',
			midway,
			undefined,
			'midway',
			'cursor-7',
		],
	])('%s', (_title, sweep, firstPageNext, phase, start) => {
		expect(sweepPhase(sweep)).toBe(phase);
		expect(sweepStart(sweep, firstPageNext)).toBe(start);
	});
});

describe('afterSweepPage: read on, pause within the budget, or complete the cycle', () => {
	it.each<[string, string | undefined, number, number, SweepStep]>([
		['no next page: complete', undefined, 1, 4, { kind: 'complete' }],
		['no next page at the budget: complete, not paused', undefined, 4, 4, { kind: 'complete' }],
		['before the first sweep page, a next page: read it', 'c', 0, 4, { kind: 'read', at: 'c' }],
		['within the budget: read on', 'c', 3, 4, { kind: 'read', at: 'c' }],
		['the budget spent: pause there', 'c', 4, 4, { kind: 'pause', at: 'c' }],
		[
			'a whole-list read never pauses',
			'c',
			1000,
			Number.POSITIVE_INFINITY,
			{ kind: 'read', at: 'c' },
		],
	])('%s', (_title, next, pagesRead, budget, step) => {
		expect(afterSweepPage(next, pagesRead, budget)).toEqual(step);
	});
});

describe('advanceSweep: a completed cycle lifts knownUntil to the mark its start saw', () => {
	it.each<[string, SweepState, SweepStep, SweepState]>([
		[
			'paused: continues there next poll',
			atStart,
			{ kind: 'pause', at: 'c9' },
			{ ...atStart, next: 'c9' },
		],
		[
			'complete: knownUntil ← cycleMark, cycleMark ← the mark now, back to the cycle start',
			midway,
			{ kind: 'complete' },
			{ next: '', cycleMark: T3, knownUntil: T2 },
		],
		[
			'complete right after a fresh start: knownUntil stays',
			freshSweep(T2),
			{ kind: 'complete' },
			{ next: '', cycleMark: T3, knownUntil: T2 },
		],
	])('%s', (_title, sweep, step, after) => {
		expect(advanceSweep(sweep, step, T3)).toEqual(after);
	});
});

describe('forgettable: only a record whose last change is before knownUntil', () => {
	it.each([
		['changed before', T1, T2, true],
		['changed in the same second', T2, T2, false],
		['changed after', T3, T2, false],
		['no time shown', '', T2, false],
	])('%s', (_title, updatedAt, knownUntil, expected) => {
		expect(forgettable(updatedAt, knownUntil)).toBe(expected);
	});
});
