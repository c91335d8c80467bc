/**
 * The pacer's phases (state.ts) as a user meets them: each row plays the events one process sees
 * through `step` (step.ts), then asks `decide` (decide.ts) whether its next request goes, on a fixed
 * clock. Both are pure, so a row is the whole story.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Shape } from '../../../nodes/shared/transport/pacing/budgetView';
import type { RateLimit } from '../../../nodes/shared/transport/credentials';
import { decide, type Decision, type Windows } from '../../../nodes/shared/transport/pacing/decide';
import {
	INITIAL_STATE,
	type PacerState,
	type Phase,
} from '../../../nodes/shared/transport/pacing/state';
import { step, type Frame, type PacerEvent } from '../../../nodes/shared/transport/pacing/step';
import { POLL_MS, JITTER_MS } from '../../../nodes/shared/transport/pacing/tuning';
import { SlidingWindow } from '../../../nodes/shared/transport/pacing/windows';

const T0 = 1_800_000_000_000;
const MINUTE = { limit: 100, windowMs: 60_000 };
const BURST = { limit: 20, windowMs: 10_000 };
const FREEFORM = { limit: 5, windowMs: 1_000 };
/** The burst window as the shell holds it for a late retry (accountBudget.ts): 35 in 11 s. */
const LATE_RETRY = { limit: 35, windowMs: 11_000 };
const RESET_SECONDS = T0 / 1000 + 50;
const SHAPE: Shape = { longestMs: 60_000, shareWindowMs: 10_000, shareLimit: 20 };
const FRAME: Frame = { shape: SHAPE, takesTurns: true };
/** The burst window is not enforced (Custom Rate Limits without it): no turns to take. */
const NO_TURNS: Frame = { shape: SHAPE, takesTurns: false };

/** An answer's budget headers: its number `used` in the minute window that resets in 50 s. */
const budget = (used: number): IDataObject => ({
	'X-RateLimit-Limit': String(MINUTE.limit),
	'X-RateLimit-Remaining': String(MINUTE.limit - used),
	'X-RateLimit-Reset': String(RESET_SECONDS),
});

/** The minute's burst windows turn 10.05 s apart from its opening, 10 s before T0: the last is 5. */
const LAST_TURN = -10_000 + 5 * (BURST.windowMs + JITTER_MS);

/** One event at `at` ms after T0. */
type Timed = [at: number, event: PacerEvent];
const start = (at: number): Timed => [at, { kind: 'start' }];
const answer = (at: number, startedAt: number, headers?: IDataObject, more = {}): Timed => [
	at,
	{ kind: 'answer', startedAt: T0 + startedAt, headers, status: 200, ...more },
];
/** A 429 of the account-wide limit asking for 3 s: the one way a refusal reaches the pacer. */
const refused429 = (at: number, startedAt: number): Timed => [
	at,
	{
		kind: 'answer',
		startedAt: T0 + startedAt,
		status: 429,
		headers: { ...budget(MINUTE.limit), 'Retry-After': '3' },
	},
];

function play(events: Timed[], frame = FRAME): PacerState {
	return events.reduce((state, [at, event]) => step(state, event, T0 + at, frame), INITIAL_STATE);
}

/** The next request's decision at `at`; the windows hold nothing unless `over` fills some. */
function next(state: PacerState, at: number, over: Partial<Windows> = {}): Decision {
	const general = [new SlidingWindow(MINUTE), new SlidingWindow(BURST)];
	return decide(state, { shape: SHAPE, general, ...over }, T0 + at);
}

/** A window of `rateLimit` with `count` of its slots answered at `at` ms after T0. */
function answered(rateLimit: RateLimit, count: number, at: number): SlidingWindow {
	const window = new SlidingWindow(rateLimit);
	for (let n = 0; n < count; n++) {
		window.start();
		window.finish(T0 + at);
	}
	return window;
}

/** Alone after its first answer, 40 ms after T0. */
const ALONE: Timed[] = [start(0), answer(40, 0, budget(1))];
/** Two processes on the token: one of the other's requests came between its two. */
const TWO: Timed[] = [...ALONE, start(41), answer(80, 41, budget(3))];

describe('the pacer, as a user meets it', () => {
	it.each<[string, Timed[], Frame, number, Phase, Decision, Partial<Windows>?]>([
		[
			'a new process: its first request goes alone, the second waits for its answer',
			[start(0)],
			FRAME,
			10,
			{ name: 'unheard' },
			{ waitMs: POLL_MS, reason: 'answers' },
		],
		[
			'a service without budget headers: the configured windows pace it alone',
			[start(0), answer(40, 0), start(41), start(42), start(43)],
			FRAME,
			44,
			{ name: 'unheard' },
			{ waitMs: 0 },
		],
		[
			'alone on the token: one more request under way per answer (two after the first)',
			[start(0), answer(40, 0, budget(1)), start(41), start(41)],
			FRAME,
			42,
			{ name: 'alone' },
			{ waitMs: POLL_MS, reason: 'answers' },
		],
		[
			'another process on the token: the numbers between its own count it, and they take turns',
			[start(0), answer(40, 0, budget(1)), start(41), answer(80, 41, budget(3))],
			FRAME,
			81,
			{ name: 'turns', clients: 2 },
			{ waitMs: 0 },
		],
		[
			'a restart after another process used part of the minute: its numbers count as a client',
			[start(0), answer(40, 0, budget(41))],
			FRAME,
			41,
			{ name: 'turns', clients: 41 },
			{ waitMs: 0 },
		],
		[
			'Custom Rate Limits without the burst window: others counted, it spends a share of the rest',
			[start(0), answer(40, 0, budget(1)), start(41), answer(80, 41, budget(3))],
			NO_TURNS,
			81,
			{ name: 'sharing', clients: 2 },
			{ waitMs: 0 },
		],
		[
			'refused in a burst window it thought its own: another client is there, it waits for the next turn',
			[start(0), answer(40, 0, budget(1)), start(41), refused429(80, 41)],
			FRAME,
			81,
			{ name: 'turns', clients: 2 },
			// The window ends a window after its first answer: later than the 3 s asked for.
			{ waitMs: 40 + BURST.windowMs - 81, reason: 'turn' },
		],
		[
			'refused late in its burst window: it waits for the next turn, not the whole seconds asked for',
			[start(0), answer(40, 0, budget(1)), start(41), refused429(9_000, 41)],
			FRAME,
			9_001,
			{ name: 'turns', clients: 2 },
			// The window ends a window after its first answer: sooner than the 3 s asked for.
			{ waitMs: 40 + BURST.windowMs - 9_001, reason: 'turn' },
		],
		[
			'refused without the burst window enforced: another client is counted, the wait holds all',
			[start(0), answer(40, 0, budget(1)), start(41), refused429(80, 41)],
			NO_TURNS,
			81,
			{ name: 'sharing', clients: 2 },
			{ waitMs: 2_999, reason: 'blocked' },
		],
		[
			'the first request refused by another process (no budget heard yet): it counts that client',
			[start(0), refused429(40, 0), start(3_040), answer(3_080, 3_040, budget(1))],
			FRAME,
			3_081,
			{ name: 'turns', clients: 2 },
			{ waitMs: 0 },
		],
		[
			'the minute’s last turn after a restart late in it: leaves the last number to the others',
			[start(0), answer(40, 0, budget(97)), start(41), answer(80, 41, budget(99))],
			FRAME,
			LAST_TURN,
			{ name: 'turns', clients: 49 },
			{ waitMs: 50_000 - LAST_TURN, reason: 'reset' },
		],
		[
			'the same at the run’s end: its last request fits the minute’s last number, it tries it',
			[
				start(0),
				answer(40, 0, budget(97)),
				start(41),
				answer(80, 41, budget(99), { lastRequests: 1 }),
			],
			FRAME,
			LAST_TURN,
			{ name: 'finishing', clients: 49 },
			{ waitMs: 0 },
		],
		[
			'alone, its burst window spent: the next waits for a slot, a window after its answer',
			ALONE,
			FRAME,
			41,
			{ name: 'alone' },
			{ waitMs: 40 + BURST.windowMs - 41, reason: 'window' },
			{ general: [new SlidingWindow(MINUTE), answered(BURST, BURST.limit, 40)] },
		],
		[
			'alone, its burst window refilled: a quarter stays free a second longer for a client it refused',
			ALONE,
			FRAME,
			41,
			{ name: 'alone' },
			{ waitMs: 40 + LATE_RETRY.windowMs - 41, reason: 'window' },
			{ lateRetry: answered(LATE_RETRY, LATE_RETRY.limit, 40) },
		],
		[
			'a new process sending WhatsApp free-form: half the endpoint’s limit until no other shows',
			ALONE,
			FRAME,
			41,
			{ name: 'alone' },
			{ waitMs: 40 + FREEFORM.windowMs - 41, reason: 'endpoint' },
			{ endpoint: answered(FREEFORM, Math.floor(FREEFORM.limit / 2), 40) },
		],
		[
			'two workers sending free-form, taking turns: each sends once per endpoint window',
			TWO,
			FRAME,
			81,
			{ name: 'turns', clients: 2 },
			{ waitMs: 41 + FREEFORM.windowMs - 81, reason: 'endpoint' },
			{ endpoint: new SlidingWindow(FREEFORM) },
		],
		// `windows` has a default: jest would read one more declared parameter as a done callback.
	])('%s', (_, events, frame, at, phase, decision, windows = {}) => {
		const state = play(events, frame);
		expect(state.phase).toEqual(phase);
		expect(next(state, at, windows)).toEqual(decision);
	});

	it('the request the service refused waits its whole wait, whatever the phase', () => {
		const state = play([start(0), answer(40, 0, budget(1)), start(41), refused429(80, 41)]);
		// Its retry names the attempt refused (started at 41): the 3 s its Retry-After asked for.
		const retry = { refusedStart: T0 + 41 };
		expect(next(state, 81, retry)).toEqual({ waitMs: 2_999, reason: 'blocked' });
	});
});
