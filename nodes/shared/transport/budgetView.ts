import type { IDataObject } from 'n8n-workflow';

import { DOCUMENTED_GENERAL_LIMITS } from './constants';
import { header } from './headers';
import { CLIENT_COUNT_ROUNDING, OVERTAKE_MS, WINDOW_RATIO_AFTER } from './tuning';

/**
 * What the service's answers tell this process about the token's account-wide limit: every answer
 * carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` of the token's minute
 * window (https://docs.famulor.de/en/api-reference/authentication). They are the only state the
 * processes of one token (n8n workers, other tools) share. `observe` turns each answer into a new
 * immutable view: the remainder, the reset, the others' requests and the count of clients.
 */

/** How long `X-RateLimit-Remaining: 0` holds when the answer names no reset: one documented window (the minute). */
export const WINDOW_WITHOUT_RESET_MS = DOCUMENTED_GENERAL_LIMITS[0].windowMs;

/** Before this, a number is no Unix time in seconds (2001-09-09): a count of seconds, or milliseconds' typo. */
const EARLIEST_UNIX_SECONDS = 1e9;

/**
 * X-RateLimit-Reset in milliseconds since the epoch. The docs show Unix seconds (`1640995200`), and
 * the count of others needs one absolute time per window, so anything else (seconds from now, a
 * date) is refused: undefined, as if the answer named no reset.
 */
export function resetAtMs(text: string | undefined): number | undefined {
	const seconds = numeric(text);
	return seconds === undefined || seconds < EARLIEST_UNIX_SECONDS ? undefined : seconds * 1000;
}

function numeric(text: string | undefined): number | undefined {
	if (text === undefined || text.trim() === '') return undefined;
	const value = Number(text);
	return Number.isFinite(value) ? value : undefined;
}

/** Others' requests an answer revealed, at the moment it arrived. */
export interface OthersSeen {
	at: number;
	count: number;
	/** false for those counted before this process took part (they say nothing about its share) */
	duringActivity: boolean;
}

/** The lengths the view is read over, from the configured windows. */
export interface Shape {
	longestMs: number;
	/** The shortest window: the clients are counted over it, so the count follows them quickly. */
	shareWindowMs: number;
}

export interface BudgetView {
	remaining?: number;
	/** X-RateLimit-Limit: which configured window the report is (reportedRoom). */
	limit?: number;
	resetAt: number;
	resetHeader?: string;
	lastHeard: number;
	/** The first answer with a budget: the start of learning (endpointShare). */
	firstHeard?: number;
	/** The start of the latest answered request. */
	latestHeardStart: number;
	/** The service's window (its reset) the counts below belong to. */
	window?: number;
	highestUsed: number;
	highestStartedAt: number;
	ownInWindow: number;
	othersInWindow: number;
	lastOwnAnswer: number;
	/** Others' requests revealed, and this process's answers, within the longest window. */
	others: readonly OthersSeen[];
	own: readonly number[];
	/** Clients sharing the token as counted (1 alone or unknown). */
	clients: number;
}

export const EMPTY_VIEW: BudgetView = {
	resetAt: 0,
	lastHeard: 0,
	latestHeardStart: 0,
	highestUsed: 0,
	highestStartedAt: 0,
	ownInWindow: 0,
	othersInWindow: 0,
	lastOwnAnswer: 0,
	others: [],
	own: [],
	clients: 1,
};

/** What one answer showed of the others, for the phases of sharing (sharingPhase.ts). */
export interface Evidence {
	newWindow: boolean;
	/** Others' requests this answer revealed. */
	othersNow: number;
	/** Those it would have revealed at the rate the others kept in the window (undefined: too early to say). */
	expected?: number;
	/** Time since this process's previous answer. */
	sinceLastAnswerMs: number;
	/** Another client's request was seen within the longest window. */
	othersRecent: boolean;
}

export interface Answer {
	headers?: IDataObject;
	status?: number;
	startedAt: number;
	now: number;
	/** Starts of this process's requests still under way. */
	underWay: readonly number[];
	/** When this process resumed after a pause (countClients), and its count of clients so far. */
	resumedAt: number;
	priorClients: number;
}

export type Observation =
	| { kind: 'none' }
	/** Refused by the account-wide limit: not counted, its wait is the 429's. */
	| { kind: 'refused' }
	| { kind: 'report'; view: BudgetView; evidence?: Evidence };

export function observe(view: BudgetView, answer: Answer, shape: Shape): Observation {
	const remaining = numeric(header(answer.headers, 'x-ratelimit-remaining'));
	if (remaining === undefined) return { kind: 'none' };
	if (answer.status === 429 && remaining === 0) return { kind: 'refused' };
	const { now } = answer;
	const resetHeader = header(answer.headers, 'x-ratelimit-reset');
	const reset = resetAtMs(resetHeader);
	const limit = numeric(header(answer.headers, 'x-ratelimit-limit'));
	const reported: BudgetView = {
		...view,
		remaining,
		limit,
		resetHeader,
		resetAt: reset ?? now + WINDOW_WITHOUT_RESET_MS,
		lastHeard: now,
		firstHeard: view.firstHeard ?? now,
		latestHeardStart: Math.max(view.latestHeardStart, answer.startedAt),
	};
	if (limit === undefined || reset === undefined) return { kind: 'report', view: reported };
	return countOthers(reported, limit - remaining, reset, answer, shape);
}

/**
 * Others' requests are the used count beyond this process's answered requests of the window and
 * those under way that started before the request that saw it (they may have been counted first):
 * an answer that overtook one of ours is no sign of others.
 */
function countOthers(
	view: BudgetView,
	used: number,
	reset: number,
	answer: Answer,
	shape: Shape,
): Observation {
	const { now } = answer;
	const since = now - shape.longestMs;
	const own = view.own.filter((at) => at > since);
	const recentOthers = view.others.filter((seen) => seen.at > since);
	const activeBefore = own.length > 0;
	own.push(now);
	const sameWindow = reset === view.window;
	if (view.window !== undefined && reset < view.window)
		return { kind: 'report', view: { ...view, own, others: recentOthers } };
	const expected = sameWindow ? expectedOthers(view, now, shape) : undefined;
	const counts = sameWindow
		? view
		: { highestUsed: 0, highestStartedAt: 0, othersInWindow: 0, ownInWindow: 0 };
	const ownInWindow = counts.ownInWindow + 1;
	const highest =
		used > counts.highestUsed
			? { highestUsed: used, highestStartedAt: answer.startedAt }
			: { highestUsed: counts.highestUsed, highestStartedAt: counts.highestStartedAt };
	// Ours under way that started before (or just after) the request that saw the highest count may
	// be in it: requests sent at almost the same moment reach the service in any order.
	const ahead = answer.underWay.filter((at) => at <= highest.highestStartedAt + OVERTAKE_MS).length;
	const othersNow = Math.max(0, highest.highestUsed - ownInWindow - ahead - counts.othersInWindow);
	const others =
		othersNow > 0
			? [...recentOthers, { at: now, count: othersNow, duringActivity: activeBefore }]
			: recentOthers;
	const next: BudgetView = {
		...view,
		...highest,
		window: reset,
		ownInWindow,
		othersInWindow: counts.othersInWindow + othersNow,
		lastOwnAnswer: now,
		others,
		own,
	};
	next.clients = countClients(next, now, answer, shape);
	const evidence: Evidence = {
		newWindow: !sameWindow,
		othersNow,
		expected,
		sinceLastAnswerMs: now - view.lastOwnAnswer,
		othersRecent: others.length > 0,
	};
	return { kind: 'report', view: next, evidence };
}

/**
 * 1 while no other client's request was seen in the longest window; else all requests per own
 * request in the shortest window, rounded down from .6 and at least 2. Others counted before this
 * process took part say that the token is shared but not how much. A client that got less than its
 * share (2.5 while 2 share) so reads as fewer clients and speeds up, while one that got more still
 * paces as one of two: the shares even out.
 */
function countClients(view: BudgetView, now: number, answer: Answer, shape: Shape): number {
	// A client held back by a 429 has not left, and bursting meanwhile would meet it when it resumes.
	if (view.others.length === 0) return 1;
	const since = now - shape.shareWindowMs;
	const own = view.own.filter((at) => at > since).length;
	// A window that holds nothing of this process's, or reaches back into a pause of its own (the
	// reset, a 429's block, no work), holds too few of its requests: the count stands.
	if (own === 0 || since < answer.resumedAt) return Math.max(2, answer.priorClients);
	const others = view.others
		.filter((seen) => seen.duringActivity && seen.at > since)
		.reduce((sum, seen) => sum + seen.count, 0);
	return Math.max(2, Math.floor((own + others) / own + CLIENT_COUNT_ROUNDING));
}

/**
 * How many of the others' requests an answer at `now` would show, had they kept the rate they kept
 * in the service's window so far (from its start until this process's previous answer); undefined
 * before this process has enough answers in the window to say.
 */
function expectedOthers(view: BudgetView, now: number, shape: Shape): number | undefined {
	if (view.window === undefined || view.ownInWindow < WINDOW_RATIO_AFTER) return undefined;
	const span = view.lastOwnAnswer - (view.window - shape.longestMs);
	if (span <= 0) return undefined;
	return (view.othersInWindow / span) * (now - view.lastOwnAnswer);
}

/**
 * Others' requests in the last `windowMs`: those the answers revealed, plus those they have likely
 * sent since this process last heard (at the pace they kept in the window, and until the reset no
 * more than the reported remainder; none when `likely` is false), and when the oldest revealed one
 * leaves the window.
 */
export function othersWithin(
	view: BudgetView,
	windowMs: number,
	now: number,
	likely: boolean,
): { count: number; nextExpiry: number } {
	let seen = 0;
	let nextExpiry = Infinity;
	for (const others of view.others) {
		if (others.at + windowMs <= now) continue;
		seen += others.count;
		nextExpiry = Math.min(nextExpiry, others.at + windowMs);
	}
	const likelyIn = (ms: number) => Math.round((seen * Math.min(windowMs, ms)) / windowMs);
	if (view.remaining === undefined || view.lastHeard >= view.resetAt)
		return { count: seen + likelyIn(now - view.lastHeard), nextExpiry };
	if (!likely) return { count: seen, nextExpiry };
	// Until the reset the others cannot have sent more than the reported remainder: a process that
	// waited for the reset does not count phantom requests of theirs when it resumes.
	const beforeReset = Math.min(now, view.resetAt) - view.lastHeard;
	const afterReset = Math.max(0, now - view.resetAt);
	const count = seen + Math.min(view.remaining, likelyIn(beforeReset)) + likelyIn(afterReset);
	return { count, nextExpiry };
}
