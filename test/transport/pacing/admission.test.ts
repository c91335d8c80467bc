/**
 * The decision (decide.ts): one row per reason a request waits, and the cases where it goes, on a
 * fixed clock (the decision is a pure function of the state and the time it is given).
 */
import { EMPTY_VIEW, type BudgetView } from '../../../nodes/shared/transport/pacing/budgetView';
import { SlidingWindow } from '../../../nodes/shared/transport/pacing/windows';
import { decideIn, type Local, type Situation } from './pacingState';

const NOW = 1_800_000_000_000;
const BURST = { limit: 20, windowMs: 10_000 };
const FREEFORM = { limit: 5, windowMs: 1_000 };
const MINUTE = { limit: 100, windowMs: 60_000 };

/** Half the minute left, reset in 30 s, heard from for 20 s. */
const view: BudgetView = {
	...EMPTY_VIEW,
	remaining: 50,
	limit: 100,
	resetHeader: String((NOW + 30_000) / 1000),
	lastHeard: NOW - 1_000,
	firstHeard: NOW - 20_000,
	latestHeardStart: NOW - 1_100,
};
const local: Local = {
	blockedUntil: 0,
	inFlight: 0,
	answers: 10,
	startedSinceCount: 0,
	lastStart: NOW - 10_000,
};

/** A window whose `count` slots were answered at `at`. */
function full(rateLimit: { limit: number; windowMs: number }, at: number): SlidingWindow {
	const window = new SlidingWindow(rateLimit);
	for (let n = 0; n < rateLimit.limit; n++) {
		window.start();
		window.finish(at);
	}
	return window;
}

function situation(over: Partial<Situation> & { localOver?: Partial<Local> } = {}): Situation {
	const { localOver, ...rest } = over;
	return {
		now: NOW,
		view,
		clients: 1,
		local: { ...local, ...localOver },
		shape: { longestMs: 60_000, shareWindowMs: 10_000 },
		windows: [],
		...rest,
	};
}

describe('a request', () => {
	it.each<[string, () => Situation, number, string | undefined]>([
		['goes when nothing holds it', () => situation(), 0, undefined],
		[
			"waits out a 429's block",
			() => situation({ localOver: { blockedUntil: NOW + 2_000 } }),
			2_000,
			'blocked',
		],
		[
			'waits for the first answer before a second goes',
			() => situation({ localOver: { answers: 0, inFlight: 1 } }),
			5,
			'answers',
		],
		[
			'after the account refused one, waits for an answer it counted before a second goes',
			() =>
				situation({
					view: EMPTY_VIEW,
					localOver: { answers: 5, countedSinceRefusal: 0, inFlight: 1 },
				}),
			5,
			'answers',
		],
		[
			'with answers that carry no budget at all, is not held by them',
			() => situation({ view: EMPTY_VIEW, localOver: { answers: 5, inFlight: 4 } }),
			0,
			undefined,
		],
		[
			'waits for the reset once its share of the remainder is started (a quarter of 8)',
			() =>
				situation({
					clients: 4,
					view: { ...view, remaining: 8 },
					localOver: { startedSinceCount: 2 },
				}),
			30_000,
			'reset',
		],
		[
			'waits for the reset only until the answer of its request under way, then looks again',
			() =>
				situation({
					clients: 4,
					view: { ...view, remaining: 8 },
					localOver: { startedSinceCount: 2, inFlight: 1 },
				}),
			5,
			'reset',
		],
		[
			'waits for a slot of a full window',
			() => situation({ windows: [full(BURST, NOW - 1_000)] }),
			9_000,
			'window',
		],
		[
			"after the reported window's reset, counts it empty as the service does, though its own count is full",
			() =>
				situation({
					view: { ...view, resetHeader: String(NOW / 1000 - 1) },
					windows: [full(MINUTE, NOW - 10_000)],
				}),
			0,
			undefined,
		],
		[
			'before the reset, goes with the remainder the service reports, though its own count is full',
			() => situation({ windows: [full(MINUTE, NOW - 10_000)] }),
			0,
			undefined,
		],
		[
			"waits for a slot of its endpoint's full window",
			() => situation({ endpoint: full(FREEFORM, NOW - 200) }),
			800,
			'endpoint',
		],
	])('%s', (_, given, waitMs, reason) => {
		const decision = decideIn(given());
		expect({ waitMs: decision.waitMs, reason: decision.reason }).toEqual({ waitMs, reason });
	});
});
