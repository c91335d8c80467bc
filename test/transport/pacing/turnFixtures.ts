/**
 * The burst window the pacing tests place turns in (burstTurn.ts) on a fixed clock: the minute
 * window's reset, a turn in its second burst window, and an answer after it.
 */
import type { Numbered, Turn } from '../../../nodes/shared/transport/pacing/burstTurn';
import { JITTER_MS } from '../../../nodes/shared/transport/pacing/tuning';

export const NOW = 1_800_000_000_000;
export const BURST = { limit: 20, windowMs: 10_000, minuteMs: 60_000 };
export const RESET = NOW + 50_000;
export const PERIOD = BURST.windowMs + JITTER_MS;

/**
 * In burst window 1 (#21–40) of the minute window that opened 10 s ago (its reset RESET), its last
 * number 25; an answer's `heardBefore` is that number's answer, 1 s ago.
 */
export const turn: Turn = {
	index: 1,
	first: 21,
	aligned: 21,
	last: 25,
	gaps: [2, 2],
	minuteOpened: RESET - 60_000,
};
export const answer = (over: Partial<Numbered>): Numbered => ({
	used: 27,
	limit: 100,
	reset: RESET,
	startedAt: NOW - 1_000 + 2,
	now: NOW,
	heardBefore: NOW - 1_000,
	sequential: true,
	...over,
});
