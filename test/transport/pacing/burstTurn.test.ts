/**
 * Taking turns in a burst window read from the minute window's numbers (burstTurn.ts), on a fixed
 * clock: one row per transition. The decisions that use the turn are in turnWaits.test.ts.
 */
import {
	filled,
	nextTurn,
	retriedInto,
	roundOf,
	turnAt,
	turnEnd,
	type Numbered,
	type Turn,
} from '../../../nodes/shared/transport/pacing/burstTurn';
import { FIRST_ROUND, JITTER_MS } from '../../../nodes/shared/transport/pacing/tuning';
import { answer, BURST, NOW, PERIOD, RESET, turn } from './turnFixtures';

describe('the burst window after an answer', () => {
	it.each<[string, Turn | undefined, Numbered, Partial<Turn>]>([
		[
			'the first answer: aligned from the minute, its end no sooner than a window after it',
			undefined,
			answer({ used: 31 }),
			{ index: 1, first: 21, aligned: 21, last: 31, endsBy: NOW + 10_000, gaps: [] },
		],
		[
			'sent right after the last answer: the gap is 1 + the others counted between',
			turn,
			answer({ used: 28 }),
			{ index: 1, first: 21, last: 28, gaps: [2, 2, 3] },
		],
		[
			'sent after a pause: no round measured',
			turn,
			answer({ used: 28, startedAt: NOW - 1_000 + JITTER_MS + 1 }),
			{ last: 28, gaps: [2, 2] },
		],
		[
			'a number past the window: the next one, no lower than after its own last',
			turn,
			answer({ used: 43 }),
			{ index: 2, first: 26, aligned: 41, last: 43 },
		],
		[
			'sent after waiting for nothing but its endpoint’s period: a round all the same',
			turn,
			answer({ used: 29, startedAt: NOW - 1_000 + 500, periodic: true }),
			{ last: 29, gaps: [2, 2, 4] },
		],
		[
			'a window a period-paced request opened ends a window (and a margin) after that start at the latest',
			turn,
			answer({ used: 43, periodic: false }),
			{ index: 2, endsBy: answer({}).startedAt + BURST.windowMs + JITTER_MS },
		],
		[
			'a new window keeps only its last measured gap: a slow round long ago would starve it',
			{ ...turn, gaps: [9, 2, 3] },
			answer({ used: 43 }),
			{ index: 2, gaps: [3] },
		],
		[
			'sent at the next turn, numbered below the window’s end: it ended unfilled, and the next began by its own number',
			turn,
			answer({ used: 33, startedAt: turnAt(BURST, turn, 2) }),
			{ index: 2, first: 26, aligned: 33, last: 33 },
		],
		[
			'a new minute window at a turn after its reset: the turns go on, its numbers from 1',
			{ ...turn, index: 4, first: 81, aligned: 81, last: 100 },
			answer({
				used: 3,
				reset: RESET + 61_000,
				startedAt: turnAt(BURST, turn, 6),
				now: RESET + 400,
			}),
			{
				index: 6,
				first: 1,
				aligned: 3,
				last: 3,
				minuteOpened: turn.minuteOpened,
			},
		],
		[
			'the window that straddled the reset may have held the new minute’s first numbers: the next began by its own',
			{ ...turn, index: 4, first: 81, aligned: 81, last: 100 },
			answer({
				used: 13,
				reset: RESET + 61_000,
				startedAt: turnAt(BURST, turn, 6),
				now: RESET + 400,
			}),
			{ index: 6, first: 1, aligned: 13, last: 13 },
		],
		[
			'windows the clock passed count as filled: the highest first number rises a limit each',
			{ ...turn, last: 40 },
			answer({ used: 75, startedAt: turnAt(BURST, turn, 4) }),
			{ index: 4, first: 56, aligned: 75, last: 75 },
		],
		[
			'a new minute window in the burst window that straddles its reset: that window keeps its end',
			{ ...turn, index: 5, first: 98, aligned: 101, last: 99 },
			answer({ used: 2, reset: RESET + 60_100, startedAt: RESET + 100, now: RESET + 103 }),
			{ index: 5, first: -2, aligned: 1, last: 2, minuteOpened: turn.minuteOpened },
		],
		[
			'started at its turn sooner than its answer took, having seen others: the window began at most its widest round before its number',
			{ ...turn, widest: 4 },
			answer({ used: 44, startedAt: turnAt(BURST, turn, 2) + 1, now: turnAt(BURST, turn, 2) + 5 }),
			{ index: 2, first: 40, aligned: 41, last: 44 },
		],
		[
			'started later after its turn than its answer took: the others may have sent more, after its own last',
			{ ...turn, widest: 4 },
			answer({
				used: 45,
				startedAt: turnAt(BURST, turn, 2) + 10,
				now: turnAt(BURST, turn, 2) + 15,
			}),
			{ index: 2, first: 26, aligned: 41, last: 45 },
		],
		[
			'never having seen the others’ requests between its own: after its own last',
			{ ...turn, widest: 1 },
			answer({ used: 45, startedAt: turnAt(BURST, turn, 2) + 1, now: turnAt(BURST, turn, 2) + 5 }),
			{ index: 2, first: 26, last: 45 },
		],
		[
			'a gap wider than any before is its widest',
			{ ...turn, widest: 2 },
			answer({ used: 28 }),
			{ gaps: [2, 2, 3], widest: 3 },
		],
		[
			'a narrower gap leaves its widest',
			{ ...turn, widest: 5 },
			answer({ used: 28 }),
			{ widest: 5 },
		],
		[
			'numbered within the window it took as full: the next began the most others of a round before its own',
			{ ...turn, last: 40, widest: 6 },
			answer({ used: 38, startedAt: turnAt(BURST, turn, 2) }),
			{ index: 2, first: 33, last: 38 },
		],
		['an answer overtaken by a later one: nothing changes', turn, answer({ used: 24 }), turn],
		[
			'an answer counted in a minute window already past: nothing changes',
			turn,
			answer({ used: 90, reset: RESET - 60_000 }),
			turn,
		],
		[
			'sent at the next turn, numbered within the window it took as full: that one ended unfilled',
			{ ...turn, last: 40 },
			answer({ used: 38, startedAt: turnAt(BURST, turn, 2) }),
			{ index: 2, first: 37, aligned: 37, last: 38 },
		],
	])('%s', (_, before, numbered, expected) => {
		expect(nextTurn(before, numbered, BURST, RESET)).toMatchObject(expected);
	});

	it('counts a round as the largest of its last gaps, FIRST_ROUND before any', () => {
		expect(roundOf({ ...turn, gaps: [] })).toBe(FIRST_ROUND);
		expect(roundOf({ ...turn, gaps: [2, 4, 3] })).toBe(4);
	});

	it('turns one margin later than each window length from the minute’s opening', () => {
		expect(turnAt(BURST, turn, 2)).toBe(turn.minuteOpened + 2 * PERIOD);
	});

	it('is full for a client the window refused, and for one that retried into it behind others', () => {
		expect(filled(turn, BURST)).toMatchObject({ last: 40 });
		expect(retriedInto({ ...turn, last: 31 }, BURST)).toMatchObject({ last: 40 });
		expect(retriedInto({ ...turn, first: 41, last: 41 }, BURST)).toMatchObject({ last: 41 });
	});

	it('is not full for a refused client that waited for the next turn: it starts that window like the others', () => {
		const refused = filled({ ...turn, index: 0, first: 1, last: 12 }, BURST);
		const sentAt = turnEnd(BURST, refused);
		const next = { ...turn, last: 31 };
		expect(retriedInto(next, BURST, refused, sentAt)).toEqual(next);
		expect(retriedInto(next, BURST, refused, sentAt - 1)).toMatchObject({ last: 40 });
	});
});
