import type { IDataObject } from 'n8n-workflow';

import { DOCUMENTED_GENERAL_LIMITS } from '../constants';
import { nextTurn, type Burst, type Turn } from './burstTurn';
import { header } from '../headers';
import { CLIENT_COUNT_ROUNDING, JITTER_MS } from './tuning';

/**
 * Every answer carries `X-RateLimit-Limit`, `-Remaining` and `-Reset` of the token's minute window
 * (https://docs.famulor.de/en/api-reference/authentication), the only state the processes of one
 * token share. `observe` turns each answer into a new immutable view: the remainder, the reset, the
 * others' requests and the count of clients.
 */

/** How long `X-RateLimit-Remaining: 0` holds when the answer names no reset: one documented window (the minute). */
export const WINDOW_WITHOUT_RESET_MS = DOCUMENTED_GENERAL_LIMITS[0].windowMs;

/** Before this, a number is no Unix time in seconds (2001-09-09): a count of seconds, or milliseconds' typo. */
const EARLIEST_UNIX_SECONDS = 1e9;

/**
 * X-RateLimit-Reset in ms since the epoch. The docs show Unix seconds (`1640995200`), and the count of
 * others needs one absolute time per window: anything else is refused, as if the answer named none.
 */
export function resetAtMs(text: string | undefined): number | undefined {
	const seconds = numeric(text);
	return seconds === undefined || seconds < EARLIEST_UNIX_SECONDS ? undefined : seconds * 1000;
}

/** When the minute window the last answer reported resets: its X-RateLimit-Reset, else a window after it. */
export const resetAtOf = (view: BudgetView): number =>
	resetAtMs(view.resetHeader) ?? view.lastHeard + WINDOW_WITHOUT_RESET_MS;

function numeric(text: string | undefined): number | undefined {
	if (text === undefined || text.trim() === '') return undefined;
	const value = Number(text);
	return Number.isFinite(value) ? value : undefined;
}

/** Others' requests an answer revealed, when it arrived. */
export type OthersSeen = { at: number; count: number };

/**
 * The windows' longest; their shortest (the clients are counted over it, the burst window turns
 * take) and its count.
 */
export interface Shape {
	longestMs: number;
	shareWindowMs: number;
	shareLimit?: number;
}

/** The burst window the shape describes, which turns take (burstTurn.ts). */
export const burstOf = (shape: Shape): Burst => ({
	limit: shape.shareLimit ?? Infinity,
	windowMs: shape.shareWindowMs,
	minuteMs: shape.longestMs,
});

/** The counts of one of the service's windows (the one ending at `window`, its reset). */
interface WindowCounts {
	window?: number;
	/** The highest used count seen, and when the request that saw it started. */
	highestUsed: number;
	highestStartedAt: number;
	ownInWindow: number;
	othersInWindow: number;
}

const FRESH: WindowCounts = {
	highestUsed: 0,
	highestStartedAt: 0,
	ownInWindow: 0,
	othersInWindow: 0,
};

export interface BudgetView {
	remaining?: number;
	/** X-RateLimit-Limit: which configured window the report is (reportedRoom). */
	limit?: number;
	/** X-RateLimit-Reset as the last answer said it, and when that answer arrived (resetAtOf). */
	resetHeader?: string;
	lastHeard: number;
	/** The first answer with a budget (learning, endpointShare), and the start of the latest answered request. */
	firstHeard?: number;
	latestHeardStart: number;
	counts: WindowCounts;
	/** Others' requests revealed, and this process's answers, within the longest window. */
	others: readonly OthersSeen[];
	own: readonly number[];
	/** The burst window read from the numbers (burstTurn.ts). */
	turn?: Turn;
}

export const EMPTY_VIEW: BudgetView = {
	lastHeard: 0,
	latestHeardStart: 0,
	counts: FRESH,
	others: [],
	own: [],
};

/** An answer, with what only this process knows: its requests under way, its count of clients. */
export interface Answer {
	headers?: IDataObject;
	status?: number;
	startedAt: number;
	now: number;
	underWay: readonly number[];
	priorClients: number;
	/**
	 * Paced by an endpoint's period (undefined otherwise): since its last answer it waited only
	 * for that period (burstTurn.ts).
	 */
	periodic?: boolean;
}

/** `clients`: the count of clients sharing the token, where the answer counted them (1 alone). */
export type Observation =
	| { kind: 'none' }
	| { kind: 'refused'; view: BudgetView }
	| { kind: 'report'; view: BudgetView; clients?: number };

export function observe(view: BudgetView, answer: Answer, shape: Shape): Observation {
	const remaining = numeric(header(answer.headers, 'x-ratelimit-remaining'));
	if (remaining === undefined) return { kind: 'none' };
	const { now } = answer;
	const resetHeader = header(answer.headers, 'x-ratelimit-reset');
	const reset = resetAtMs(resetHeader);
	if (answer.status === 429 && remaining === 0) return { kind: 'refused', view };
	const limit = numeric(header(answer.headers, 'x-ratelimit-limit'));
	const reported: BudgetView = {
		...view,
		remaining,
		limit,
		resetHeader,
		lastHeard: now,
		firstHeard: view.firstHeard ?? now,
		latestHeardStart: Math.max(view.latestHeardStart, answer.startedAt),
	};
	if (limit === undefined || reset === undefined) return { kind: 'report', view: reported };
	return countOthers(reported, limit - remaining, reset, answer, shape, view.lastHeard);
}

/**
 * Others' requests: the used count beyond this process's answered requests of the window and
 * those under way that started before the request that saw it (they may have been counted
 * first).
 */
function countOthers(
	view: BudgetView,
	used: number,
	reset: number,
	answer: Answer,
	shape: Shape,
	heardBefore: number,
): Observation {
	const { now } = answer;
	const since = now - shape.longestMs;
	const own = view.own.filter((at) => at > since);
	const recentOthers = view.others.filter((seen) => seen.at > since);
	own.push(now);
	if (view.counts.window !== undefined && reset < view.counts.window)
		return { kind: 'report', view: { ...view, own, others: recentOthers } };
	const sameWindow = reset === view.counts.window;
	const before = sameWindow ? view.counts : FRESH;
	const counts = { ...before, window: reset, ownInWindow: before.ownInWindow + 1 };
	if (used > before.highestUsed)
		Object.assign(counts, { highestUsed: used, highestStartedAt: answer.startedAt });
	// Ours under way that started before (or just after) the request that saw the highest count may
	// be in it: requests sent at almost the same moment reach the service in any order.
	const ahead = answer.underWay.filter((at) => at <= counts.highestStartedAt + JITTER_MS).length;
	const othersNow = Math.max(
		0,
		counts.highestUsed - counts.ownInWindow - ahead - before.othersInWindow,
	);
	counts.othersInWindow += othersNow;
	const revealed = { at: now, count: othersNow };
	const others = othersNow > 0 ? [...recentOthers, revealed] : recentOthers;
	const next: BudgetView = { ...view, counts, others, own };
	if (shape.shareLimit !== undefined && shape.shareWindowMs < shape.longestMs) {
		const numbered = {
			used,
			limit: view.limit ?? used,
			reset,
			startedAt: answer.startedAt,
			now,
			heardBefore,
			sequential: answer.underWay.length === 0,
			periodic: answer.periodic,
		};
		next.turn = nextTurn(view.turn, numbered, burstOf(shape), view.counts.window ?? reset);
	}
	return { kind: 'report', view: next, clients: countClients(next, now, answer, shape) };
}

/**
 * 1 while no other client's request was seen in the longest window; else all requests per own
 * request in the shortest window, rounded down from .6 and at least 2: one that got less than
 * its share (2.5 while 2 share) reads fewer clients and speeds up, one that got more does not.
 */
function countClients(view: BudgetView, now: number, answer: Answer, shape: Shape): number {
	// A client held back by a 429 has not left, and bursting meanwhile would meet it when it resumes.
	if (view.others.length === 0) return 1;
	const since = now - shape.shareWindowMs;
	const own = view.own.filter((at) => at > since).length;
	// A window that holds nothing of this process's holds too few of its requests: the count stands.
	if (own === 0) return Math.max(2, answer.priorClients);
	const others = view.others
		.filter((seen) => seen.at > since)
		.reduce((sum, seen) => sum + seen.count, 0);
	return Math.max(2, Math.floor((own + others) / own + CLIENT_COUNT_ROUNDING));
}
