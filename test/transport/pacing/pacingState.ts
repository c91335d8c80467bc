/**
 * The situations the decision tables describe, as the pacer's state: the phase is the one `step`
 * would have set for the view, the count of clients and this process's own requests.
 */
import type { BudgetView, Shape } from '../../../nodes/shared/transport/pacing/budgetView';
import { decide, type Decision } from '../../../nodes/shared/transport/pacing/decide';
import {
	phaseOf,
	type Own,
	type PacerState,
	type Refusal,
} from '../../../nodes/shared/transport/pacing/state';
import type { SlidingWindow } from '../../../nodes/shared/transport/pacing/windows';

/** This process's own requests (how many are under way), and the end of a 429's block. */
export type Local = Omit<Own, 'underWay'> & { inFlight: number; blockedUntil: number };

export interface Situation {
	now: number;
	view: BudgetView;
	clients: number;
	local: Local;
	shape: Shape;
	windows: readonly SlidingWindow[];
	endpoint?: SlidingWindow;
	lateRetry?: SlidingWindow;
	/** This request's own 429 (it filled its turn's window, so the others go at the turn): its wait's end. */
	refusedUntil?: number;
}

/** The request a situation's own 429 refused: its attempt started at the last start. */
const refused = (s: Situation) => (s.refusedUntil === undefined ? undefined : s.local.lastStart);

export function stateOf(s: Situation): PacerState {
	const { view, clients, local, shape, windows, refusedUntil } = s;
	const { blockedUntil, inFlight, ...counts } = local;
	const own: Own = { ...counts, underWay: Array.from({ length: inFlight }, () => local.lastStart) };
	const takesTurns = windows.some((w) => w.rateLimit.windowMs === shape.shareWindowMs);
	const phase = phaseOf(view, clients, own, takesTurns);
	const refusal = { at: s.now, why: 'the service answered 429' };
	const refusals: Refusal[] = [];
	if (blockedUntil > 0)
		refusals.push({ ...refusal, startedAt: 0, until: blockedUntil, holdsAll: true });
	if (refusedUntil !== undefined)
		refusals.push({ ...refusal, startedAt: refused(s)!, until: refusedUntil, holdsAll: false });
	return { phase, view, own, refusals, refusedUnheardUntil: 0 };
}

/** The pacer's decision in situation `s` (for its refused request's retry, when it has one). */
export function decideIn(s: Situation): Decision {
	const { shape, windows: general, lateRetry, endpoint, now } = s;
	const windows = { shape, general, lateRetry, endpoint, refusedStart: refused(s) };
	return decide(stateOf(s), windows, now);
}
