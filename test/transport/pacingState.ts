/**
 * The situations the decision tables describe, as the pacer's state: the phase is the one `step`
 * would have set for the view, the count of clients and this process's own requests.
 */
import type { BudgetView, Shape } from '../../nodes/shared/transport/pacing/budgetView';
import { decide, type Decision } from '../../nodes/shared/transport/pacing/decide';
import { phaseOf, type Own, type PacerState } from '../../nodes/shared/transport/pacing/state';
import type { SlidingWindow } from '../../nodes/shared/transport/pacing/windows';

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
	retryAt?: number;
}

export function stateOf({ view, clients, local, shape, windows }: Situation): PacerState {
	const { blockedUntil, inFlight, ...counts } = local;
	const own: Own = { ...counts, underWay: Array.from({ length: inFlight }, () => local.lastStart) };
	const takesTurns = windows.some((w) => w.rateLimit.windowMs === shape.shareWindowMs);
	const phase = phaseOf(view, clients, own, takesTurns);
	return { phase, view, own, refusedUntil: blockedUntil, refusedUnheardUntil: 0 };
}

/** The pacer's decision in situation `s`. */
export function decideIn(s: Situation): Decision {
	const { shape, windows: general, lateRetry, endpoint, retryAt, now } = s;
	return decide(stateOf(s), { shape, general, lateRetry, endpoint, retryAt }, now);
}
