import type { RateLimit } from '../credentials';
import { burstOf, resetAtOf, type BudgetView, type Shape } from './budgetView';
import { aheadOf, roundOf, turnAt, turnEnd, turnsSince } from './burstTurn';
import { holdingRefusal } from './refusal';
import { clientsOf, type PacerState } from './state';
import { POLL_MS, JITTER_MS } from './tuning';
import type { SlidingWindow } from './windows';

/**
 * Why a request waits: a 429's block, its requests under way, the reset, a window, the next
 * turn, the endpoint's window.
 */
export type Reason = 'blocked' | 'answers' | 'reset' | 'window' | 'turn' | 'endpoint';

/** Go now, or wait `waitMs` for `reason`. */
export type Decision = { waitMs: 0; reason?: undefined } | { waitMs: number; reason: Reason };

/** The windows a request is counted in: the token's, the late-retry room's and its endpoint's. */
export interface Windows {
	shape: Shape;
	general: readonly SlidingWindow[];
	/** Room left in a refilled burst window for a second to the clients it refused (LATE_RETRY_ROOM). */
	lateRetry?: SlidingWindow;
	endpoint?: SlidingWindow;
	/** The start of the request's attempt the service refused with a 429: its retry (refusal.ts). */
	refusedStart?: number;
}

/** What the rules below read: the state and the windows at `now`. */
interface Situation extends Windows, PacerState {
	now: number;
	clients: number;
}

const GO: Decision = { waitMs: 0 };
const wait = (waitMs: number, reason: Reason): Decision => ({
	waitMs: Math.max(1, waitMs),
	reason,
});

/**
 * Whether a request may start now, else how long it waits and why: the one decision of the pacer,
 * pure. A 429's wait first (the refused request's whole wait, the others' unless it filled their
 * turn's window); then by phase.
 */
export function decide(state: PacerState, windows: Windows, now: number): Decision {
	const s: Situation = { ...state, ...windows, now, clients: clientsOf(state.phase) };
	const refusal = holdingRefusal(state.refusals, now, windows.refusedStart);
	if (refusal) return wait(refusal.until - now, 'blocked');
	switch (s.phase.name) {
		case 'turns':
		case 'finishing':
			return byTurns(s);
		default:
			return byShare(s);
	}
}

/**
 * Taking turns (burstTurn.ts): one request under way; the turn; the late-retry room; the
 * endpoint's period.
 */
function byTurns(s: Situation): Decision {
	const { now, own } = s;
	if (own.underWay.length > 0) return wait(POLL_MS, 'answers');
	const turn = turnWait(s);
	if (turn) return wait(turn.waitMs, turn.reason);
	const held = s.lateRetry?.room(now);
	if (held && held.free <= 0) return wait(held.nextExpiry - now, 'window');
	const endpointWait = endpointTurnWaitMs(s);
	return endpointWait > 0 ? wait(endpointWait, 'endpoint') : GO;
}

/**
 * Unheard, alone or sharing without turns, in this order: one more under way per counted answer
 * (1, 2, 3, …: it learns of the others before it spends much); its share of the remainder spent,
 * the reset (looked at again at the answer of one under way); each window; the endpoint's.
 */
function byShare(s: Situation): Decision {
	const { now, view, own } = s;
	// After a refusal it starts again from one: the requests waiting meanwhile would all meet it.
	const counted = own.countedSinceRefusal ?? (s.phase.name === 'unheard' ? Infinity : own.answers);
	// Alone, a burst window enforced and its last answer a pause ago: one first (another may have started).
	const stale = s.lateRetry && s.phase.name !== 'unheard' && now - view.lastHeard > JITTER_MS;
	const underWayAllowed = own.answers === 0 || stale ? 1 : counted + 1;
	if (own.underWay.length >= underWayAllowed) return wait(POLL_MS, 'answers');
	const resume = resumeAt(s);
	if (now < resume) return wait(own.underWay.length > 0 ? POLL_MS : resume - now, 'reset');
	const windowed = windowsWait(s);
	if (windowed > 0) return wait(windowed, 'window');
	const endpointWait = endpointWaitMs(s);
	return endpointWait > 0 ? wait(endpointWait, 'endpoint') : GO;
}

/**
 * Taking turns, when the next request goes:
 * - Its next number past the minute's limit by the most others it saw in a round (none when
 *   finishing; a send's round when an endpoint paces it): after the reset.
 * - Before its window's turn ends: now while its likely number (its last, one round on) fits the
 *   window, else at the turn.
 * - After the turn, before the reset: now, unless its window was full for it and the next opens
 *   past the minute's limit when every window so far filled: it leaves those numbers to the others.
 *   Finishing, it tries them one at a time (a refused request is not counted, and waiting would
 *   hold the run's end for a new minute); endpoint-paced sends go too (their windows need not fill).
 * - Past the reset: the burst window it is in goes on, else the first turn after the reset.
 */
function turnWait(s: Situation): { waitMs: number; reason: Reason } | undefined {
	const { now, view, shape } = s;
	const turn = view.turn!;
	const b = burstOf(shape);
	const resetAt = resetAtOf(view);
	const fits = turn.last + roundOf(turn) < turn.first + b.limit;
	const at = turnEnd(b, turn);
	const limit = view.limit ?? Infinity;
	const finishing = s.phase.name === 'finishing';
	const ahead = finishing ? 0 : s.endpoint ? roundOf(turn) - 1 : aheadOf(turn);
	if (now < resetAt && turn.last + 1 + ahead > limit)
		return { waitMs: resetAt - now, reason: 'reset' };
	if (now < at) return fits ? undefined : { waitMs: at - now, reason: 'turn' };
	if (now < resetAt)
		return finishing || fits || s.endpoint || turn.aligned + b.limit <= limit
			? undefined
			: { waitMs: resetAt - now, reason: 'reset' };
	const first = Math.ceil(turnsSince(b, turn, resetAt));
	const after = turnAt(b, turn, Math.max(turn.index + 1, first));
	return now >= after ? undefined : { waitMs: after - now, reason: 'reset' };
}

/** Its share of the remainder is spent until the next answer: this process resumes after the reset. */
function resumeAt({ view, clients, own }: Situation): number {
	if (view.remaining === undefined) return 0;
	return own.startedSinceCount < Math.floor(view.remaining / clients) ? 0 : resetAtOf(view);
}

/**
 * How many of a window's `free` slots may be under way unanswered: a share when shared, half
 * when alone (another may have started with it).
 */
export function unheardAllowed(free: number, clients: number): number {
	if (free <= 0) return 0;
	return clients === 1 ? Math.ceil(free / 2) : Math.max(1, Math.floor(free / clients));
}

/**
 * The room the service reports in the window it describes (its X-RateLimit-Limit, the longest), empty
 * after its reset. The window's own count is fuller (a request held until a window after its answer,
 * refused ones too) and would hold back requests the service has room for.
 */
export function reportedRoom(view: BudgetView, window: RateLimit, now: number, longestMs: number) {
	if (view.remaining === undefined) return undefined;
	if (window.limit !== view.limit || window.windowMs !== longestMs) return undefined;
	const resetAt = resetAtOf(view);
	if (now >= resetAt) return { free: window.limit, resetAt: Infinity };
	return { free: view.remaining, resetAt };
}

function windowsWait(s: Situation): number {
	const { now, view, clients, own, shape } = s;
	let waitMs = 0;
	for (const window of s.lateRetry ? [...s.general, s.lateRetry] : s.general) {
		const { rateLimit } = window;
		const reported = reportedRoom(view, rateLimit, now, shape.longestMs);
		const room = reported
			? { free: reported.free, nextExpiry: reported.resetAt }
			: window.room(now);
		const share = unheardAllowed(room.free, clients);
		waitMs = Math.max(waitMs, slotWait(now, room.nextExpiry, own.underWay.length, share));
	}
	return waitMs;
}

/**
 * 0 when one more fits beside `underWay`; else until the oldest slot frees, unless our own
 * unanswered ones hold the window.
 */
function slotWait(now: number, nextExpiry: number, underWay: number, share: number): number {
	if (underWay < share) return 0;
	return nextExpiry !== Infinity && underWay < Math.max(1, share)
		? Math.max(1, nextExpiry - now)
		: POLL_MS;
}

/**
 * Taking turns, an endpoint's own window (unreported) is shared by a fixed period: each process sends
 * to it once per window (round ÷ limit windows when the round holds more senders than the limit), so
 * up to `limit` senders fit it and the round measured between two starts a period apart counts the
 * senders (burstTurn.ts); at the run's end, no round left to measure, its share: limit ÷ its round.
 */
function endpointTurnWaitMs(s: Situation): number {
	const { now, view, own, endpoint } = s;
	if (!endpoint) return 0;
	const { limit, windowMs } = endpoint.rateLimit;
	const round = roundOf(view.turn!);
	const measured = view.turn!.gaps.length > 0;
	const perPeriod =
		measured && s.phase.name === 'finishing' ? Math.max(1, Math.floor(limit / round)) : 1;
	const room = endpoint.room(now, perPeriod);
	const held = slotWait(now, room.nextExpiry, endpoint.inFlight, room.free);
	const periodMs = (windowMs * Math.max(1, round / limit)) / perPeriod;
	return Math.max(held, own.lastStart + periodMs - now);
}

function endpointWaitMs(s: Situation): number {
	const { endpoint } = s;
	if (!endpoint) return 0;
	const room = endpoint.room(s.now, endpointShare(s, s.shape, s.now, endpoint.rateLimit));
	return slotWait(s.now, room.nextExpiry, endpoint.inFlight, room.free);
}

/**
 * An endpoint's own limit (free-form 5 per second), unreported, as this process may spend it now; its
 * 429s cost the account's minute a slot.
 * - Shared: its part by the count of clients, 1 in its first burst window (the count is new).
 * - Alone: half until an answer to a request started one endpoint window after its first answer with
 *   a budget (a client that started with it shows by then), one less for the rest of its first burst
 *   window (one starting a little later), then all of it.
 * - Alone, an endpoint whose window outlasts the burst window (generate-reply's minute): all of it.
 *   A slot is held for the endpoint's whole window, so the half would make the third reply after
 *   every restart wait a minute that neither the docs nor the service's answers ask for; a client
 *   sharing it shows in the service's 429, whose retry_after the retry waits.
 * - Without budget headers: all of it from the first answer on.
 */
export function endpointShare(
	{ phase, view, own }: PacerState,
	shape: Shape,
	now: number,
	limit: RateLimit,
): number {
	const clients = clientsOf(phase);
	const firstBurstWindow =
		view.firstHeard !== undefined && now < view.firstHeard + shape.shareWindowMs;
	if (clients > 1) return firstBurstWindow ? 1 : Math.max(1, Math.floor(limit.limit / clients));
	if (limit.windowMs >= shape.longestMs || limit.windowMs > shape.shareWindowMs) return limit.limit;
	const learningMs = Math.min(limit.windowMs, shape.shareWindowMs);
	const learning =
		own.answers === 0 ||
		(view.firstHeard !== undefined && view.latestHeardStart < view.firstHeard + learningMs);
	if (learning) return Math.max(1, Math.floor(limit.limit / 2));
	return firstBurstWindow && limit.limit > 1 ? limit.limit - 1 : limit.limit;
}
