/**
 * The decision's rules that use a burst window's turn (decide.ts), and the count of clients after a
 * refusal (step.ts), on a fixed clock: one row per reason.
 */
import { EMPTY_VIEW, type BudgetView } from '../../../nodes/shared/transport/pacing/budgetView';
import { turnAt, type Turn } from '../../../nodes/shared/transport/pacing/burstTurn';
import type { RateLimit } from '../../../nodes/shared/transport/credentials';
import { clientsAfter } from '../../../nodes/shared/transport/pacing/step';
import { SlidingWindow } from '../../../nodes/shared/transport/pacing/windows';
import { decideIn, type Local, type Situation } from './pacingState';
import { BURST, NOW, RESET, turn } from './turnFixtures';

const view: BudgetView = {
	...EMPTY_VIEW,
	remaining: 75,
	limit: 100,
	resetHeader: String(RESET / 1000),
	lastHeard: NOW - 1_000,
	firstHeard: NOW - 10_000,
	latestHeardStart: NOW - 1_010,
	turn,
};
const local: Local = {
	blockedUntil: 0,
	inFlight: 0,
	answers: 10,
	startedSinceCount: 0,
	lastStart: NOW - 1_010,
};
const shape = {
	longestMs: 60_000,
	shareWindowMs: 10_000,
	shareLimit: 20,
};

function situation(over: Partial<Situation> & { turnOver?: Partial<Turn> } = {}): Situation {
	const { turnOver, ...rest } = over;
	return {
		now: NOW,
		view: { ...view, turn: { ...turn, ...turnOver } },
		clients: 2,
		local,
		shape,
		windows: [new SlidingWindow({ limit: 100, windowMs: 60_000 }), new SlidingWindow(BURST)],
		...rest,
	};
}

/** A window of `rateLimit` with `count` of its slots answered at `at`. */
function answered(rateLimit: RateLimit, count: number, at: number): SlidingWindow {
	const window = new SlidingWindow(rateLimit);
	for (let n = 0; n < count; n++) {
		window.start();
		window.finish(at);
	}
	return window;
}

/** A window of `limit` whose slots were all answered at `at`. */
const full = (limit: number, windowMs: number, at: number) =>
	answered({ limit, windowMs }, limit, at);

const FREEFORM = { limit: 5, windowMs: 1_000 };
/** One number left in the minute, its round 4, its burst window with room. */
const NEAR_MINUTE_END: BudgetView = {
	...view,
	remaining: 1,
	turn: { ...turn, index: 4, first: 90, aligned: 81, last: 99, gaps: [4] },
};

/** At the turn before the minute's reset, 3 left, its window (#79 on) full for it at 96 with rounds of 4, that window's first no higher than `aligned`. */
const lastTurn = (aligned: number, over: Partial<Situation> = {}) =>
	situation({
		now: turnAt(BURST, turn, 5),
		view: {
			...view,
			remaining: 3,
			turn: { ...turn, index: 4, first: 79, aligned, last: 96, gaps: [4] },
		},
		...over,
	});

describe('a request while others share an enforced burst window', () => {
	const nextTurnAt = turnAt(BURST, turn, 2);
	it.each<[string, () => Situation, number, string | undefined]>([
		['goes while its next number fits the window', () => situation(), 0, undefined],
		[
			'waits for its answer before the next goes: one under way',
			() => situation({ local: { ...local, inFlight: 1 } }),
			5,
			'answers',
		],
		[
			'waits for the next turn once its next number is past the window',
			() => situation({ turnOver: { last: 39 } }),
			nextTurnAt - NOW,
			'turn',
		],
		[
			'goes at the next turn',
			() => situation({ now: nextTurnAt, turnOver: { last: 39 } }),
			0,
			undefined,
		],
		[
			'waits for the minute’s reset once its next number is past the minute',
			() =>
				situation({
					view: { ...view, remaining: 0, turn: { ...turn, index: 4, first: 81, last: 100 } },
				}),
			RESET - NOW,
			'reset',
		],
		[
			'spends the minute’s remainder at the last turn before its reset',
			() => lastTurn(79),
			0,
			undefined,
		],
		[
			'leaves it to the others when that window opens past the minute if every window so far filled',
			() => lastTurn(81),
			RESET - turnAt(BURST, turn, 5),
			'reset',
		],
		[
			'sends paced by an endpoint’s period spend it all the same: their windows need not fill',
			() => lastTurn(81, { endpoint: new SlidingWindow(FREEFORM) }),
			0,
			undefined,
		],
		[
			'tries its last requests there all the same: the others may be done',
			() => lastTurn(81, { local: { ...local, lastRequests: 1 } }),
			0,
			undefined,
		],
		[
			'past the reset, goes on in the burst window that straddles it',
			() =>
				situation({
					now: RESET + 100,
					view: {
						...view,
						remaining: 0,
						turn: { ...turn, index: 5, first: 98, last: 99, gaps: [4] },
					},
				}),
			0,
			undefined,
		],
		[
			'past the reset, its burst window before it: waits for the first turn after the reset',
			() =>
				situation({
					now: RESET + 100,
					view: {
						...view,
						remaining: 3,
						turn: { ...turn, index: 4, first: 81, last: 97, gaps: [4] },
					},
				}),
			turnAt(BURST, turn, 6) - RESET - 100,
			'reset',
		],
		[
			'the refused request itself waits the whole wait its 429 asked for; the others go at the turn',
			() =>
				situation({
					turnOver: { last: 40 },
					refusedUntil: nextTurnAt + 900,
				}),
			nextTurnAt + 900 - NOW,
			'blocked',
		],
		[
			'waits past the clock’s turn for the end its own first start in the window showed',
			() => situation({ turnOver: { last: 39, endsBy: nextTurnAt + 300 } }),
			nextTurnAt + 300 - NOW,
			'turn',
		],
		[
			'sends once per endpoint window from its last start: up to its limit of senders fit it',
			() =>
				situation({
					endpoint: new SlidingWindow(FREEFORM),
					local: { ...local, lastStart: NOW - 300 },
				}),
			FREEFORM.windowMs - 300,
			'endpoint',
		],
		[
			'a round of more senders than the endpoint’s limit spreads its period',
			() =>
				situation({
					endpoint: new SlidingWindow(FREEFORM),
					local: { ...local, lastStart: NOW - 300 },
					turnOver: { gaps: [10] },
				}),
			(FREEFORM.windowMs * 10) / FREEFORM.limit - 300,
			'endpoint',
		],
		[
			'at the run’s end, sends its share of the endpoint’s window each period: 2 of 5 for a round of 2',
			() =>
				situation({
					endpoint: new SlidingWindow(FREEFORM),
					local: { ...local, lastStart: NOW - 300, lastRequests: 5 },
				}),
			FREEFORM.windowMs / 2 - 300,
			'endpoint',
		],
		[
			'at the run’s end, a second slot of its share goes while the first is held',
			() =>
				situation({
					endpoint: answered(FREEFORM, 1, NOW - 200),
					local: { ...local, lastStart: NOW - 600, lastRequests: 5 },
				}),
			0,
			undefined,
		],
		[
			'at the run’s end, waits while both slots of its share are held (a window after their answers)',
			() =>
				situation({
					endpoint: answered(FREEFORM, 2, NOW - 200),
					local: { ...local, lastStart: NOW - 600, lastRequests: 5 },
				}),
			FREEFORM.windowMs - 200,
			'endpoint',
		],
		[
			'at the run’s end, before it measured a round (the first guess counts no senders): once a period',
			() =>
				situation({
					endpoint: new SlidingWindow(FREEFORM),
					local: { ...local, lastStart: NOW - 300, lastRequests: 5 },
					turnOver: { gaps: [] },
				}),
			FREEFORM.windowMs - 300,
			'endpoint',
		],
		[
			'at the run’s end, a round of more senders than the endpoint’s limit still spreads its period',
			() =>
				situation({
					endpoint: new SlidingWindow(FREEFORM),
					local: { ...local, lastStart: NOW - 300, lastRequests: 5 },
					turnOver: { gaps: [10] },
				}),
			(FREEFORM.windowMs * 10) / FREEFORM.limit - 300,
			'endpoint',
		],
		[
			'its last request fits the minute’s last number: tries it, the others may be done',
			() => situation({ local: { ...local, lastRequests: 1 }, view: NEAR_MINUTE_END }),
			0,
			undefined,
		],
		[
			'its backlog draining with more left than the minute’s last numbers: leaves them to the round',
			() => situation({ local: { ...local, lastRequests: 2 }, view: NEAR_MINUTE_END }),
			RESET - NOW,
			'reset',
		],
		[
			'its backlog whole, leaves the minute’s last number to the others of its round',
			() => situation({ view: NEAR_MINUTE_END }),
			RESET - NOW,
			'reset',
		],
		[
			'leaves the minute’s last numbers once the most others it saw in a round would take them',
			() =>
				situation({
					view: {
						...view,
						remaining: 5,
						turn: { ...turn, index: 4, first: 81, aligned: 81, last: 95, gaps: [2], widest: 6 },
					},
				}),
			RESET - NOW,
			'reset',
		],
		[
			'a send reaches the minute’s last numbers by its round: its endpoint’s period widens its gaps',
			() =>
				situation({
					endpoint: new SlidingWindow(FREEFORM),
					view: {
						...view,
						remaining: 5,
						turn: { ...turn, index: 4, first: 81, aligned: 81, last: 95, gaps: [2], widest: 6 },
					},
				}),
			0,
			undefined,
		],
		[
			'keeps part of a refilled burst window free for a second',
			() => situation({ lateRetry: full(35, 11_000, NOW - 1_000) }),
			10_000,
			'window',
		],
	])('%s', (_, given, waitMs, reason) => {
		const decision = decideIn(given());
		expect({ waitMs: decision.waitMs, reason: decision.reason }).toEqual({ waitMs, reason });
	});

	it('alone, sends one first after a pause: another client may have started', () => {
		const alone = situation({
			clients: 1,
			local: { ...local, inFlight: 1 },
			lateRetry: new SlidingWindow({ limit: 35, windowMs: 11_000 }),
		});
		expect(decideIn(alone)).toMatchObject({ reason: 'answers' });
		expect(decideIn({ ...alone, lateRetry: undefined })).toMatchObject({ waitMs: 0 });
	});
});

describe('a client refused before its first counted answer', () => {
	it('counts as sharing: the refusal proved another client its answers have not counted yet', () => {
		expect(clientsAfter(1, true)).toBe(2);
		expect(clientsAfter(1, false)).toBe(1);
		expect(clientsAfter(3, true)).toBe(3);
	});
});
