import { FIRST_ROUND, FRESH_ROUND_MEMORY, ROUND_MEMORY, JITTER_MS } from './tuning';

/**
 * The burst window the service counts a request in, read from its number in the minute window
 * (X-RateLimit-Limit − Remaining, across every client of the token): burst windows lie back to back
 * in it, and a window holds at most its limit of them. Their turns are one clock for every client: the
 * minute window opened by its reset less its length (whole seconds rounded up), burst window k one
 * margin later than the k-th window's length after it, when the clients that wait for it send together.
 */
export interface Turn {
	/**
	 * The burst window's index in the minute window the numbers count in (the view's), its first
	 * number as low as it can be, and as high (every window before it filled; no higher than its
	 * own first there).
	 */
	index: number;
	first: number;
	aligned: number;
	/** This process's last number (the window's last once it is full for it). */
	last: number;
	/**
	 * A window first heard of in an answer ends no sooner than a window after it; one a
	 * period-paced request opened (its first may leave after the turn) no later than a window
	 * after that start (the window began by then); unless this client was refused just before.
	 */
	endsBy?: number;
	/** The last gaps between its numbers sent right after an answer: 1 + the others' between, the clients in a round. */
	gaps: readonly number[];
	/** Its widest gap in the run: the most of the others' requests between two of its own, plus 1. */
	widest?: number;
	/**
	 * When the minute window opened at the latest: its reset less its length (the clock every
	 * client shares), or its first answer heard when the last minute's turn brought the clients
	 * together.
	 */
	minuteOpened: number;
}

/**
 * One answer's number (`used`) in the minute window of `limit` that ends at `reset`;
 * `heardBefore`: when the answer before it arrived; `sequential`: none of its own was under way
 * beside it; `periodic`, for a request an endpoint's period paces (undefined for others): since
 * its last answer it waited only for that period.
 */
export interface Numbered {
	used: number;
	limit: number;
	reset: number;
	startedAt: number;
	now: number;
	heardBefore: number;
	sequential: boolean;
	periodic?: boolean;
}

/** The burst window of `limit` in `windowMs`, in a minute window of `minuteMs`. */
export type Burst = { limit: number; windowMs: number; minuteMs: number };

/** When burst window `index` turns, on the clock that the first minute window's opening set. */
export const turnAt = (b: Burst, t: Turn, index: number) =>
	t.minuteOpened + index * (b.windowMs + JITTER_MS);

/** How many turns of the clock lie between the minute's opening and `at` (turnAt's inverse, fractional). */
export const turnsSince = (b: Burst, t: Turn, at: number) =>
	(at - t.minuteOpened) / (b.windowMs + JITTER_MS);

/**
 * A window that counted a period-paced request started at `a.startedAt` began by then: it ends a
 * window (and a margin) later at the latest.
 */
const endOf = (a: Numbered, b: Burst) =>
	a.periodic === undefined ? undefined : a.startedAt + b.windowMs + JITTER_MS;

/** When this process's burst window ends: the clock's next turn, or later as its own numbers showed. */
export const turnEnd = (b: Burst, t: Turn) => Math.max(turnAt(b, t, t.index + 1), t.endsBy ?? 0);

/**
 * The clients in a round: the largest of its last gaps (the others may be quicker than it),
 * FIRST_ROUND before it measured one.
 */
export const roundOf = (t: Turn) => (t.gaps.length > 0 ? Math.max(...t.gaps) : FIRST_ROUND);
/**
 * The most of the others' requests it saw between two of its own (its widest gap, or its round,
 * less its own): how many may come before one of its own.
 */
export const aheadOf = (t: Turn) => Math.max(roundOf(t), t.widest ?? 0) - 1;

/**
 * The burst window after an answer; `minuteReset`: the reset of the minute window the turn's
 * numbers count in (the view's, budgetView.ts).
 */
export function nextTurn(turn: Turn | undefined, a: Numbered, b: Burst, minuteReset: number): Turn {
	if (turn === undefined) {
		// Burst windows lie back to back from the minute's first number, each its limit when filled.
		const aligned = Math.floor((a.used - 1) / b.limit);
		const first = aligned * b.limit + 1;
		return {
			index: aligned,
			first,
			aligned: first,
			last: a.used,
			gaps: [],
			minuteOpened: a.reset - b.minuteMs,
			endsBy: a.now + b.windowMs,
		};
	}
	if (a.reset < minuteReset) return turn;
	const t = a.reset > minuteReset ? newMinute(turn, a, b) : turn;
	if (a.used <= t.last) {
		// Sent at the next turn yet numbered within the window it thought full: that one ended unfilled,
		// this number is the next one's, with at most the others of a round before it.
		if (a.startedAt < turnAt(b, t, t.index + 1)) return t;
		const grid = Math.floor(turnsSince(b, t, a.startedAt));
		const first = a.used - aheadOf(t);
		return {
			...t,
			index: Math.max(t.index + 1, grid),
			first,
			aligned: first,
			last: a.used,
			endsBy: endOf(a, b),
		};
	}
	const opened = (index: number, first: number, aligned: number): Turn => ({
		...t,
		index,
		first,
		// No higher than its own first number there: the window began by then.
		aligned: Math.max(first, Math.min(aligned, a.used)),
		last: a.used,
		endsBy: endOf(a, b),
		// A new window's rounds are measured afresh from the last one: a slow round long ago starves it.
		gaps: t.gaps.slice(-FRESH_ROUND_MEMORY),
	});
	// A new one starts no lower than after its last number (the last window may have ended unfilled),
	// its limit before this one and, sent at the turn sooner than its answer took, its widest round
	// before it (the others' requests at the turn, and one sent twice); no higher than if every window
	// the clock passed filled (the one that straddles a reset may hold the new minute's first numbers).
	const windows = Math.floor((a.used - t.aligned) / b.limit);
	const grid = Math.floor(turnsSince(b, t, a.startedAt));
	const index = Math.max(t.index + Math.max(1, windows), grid);
	const highest = t.aligned + (index - t.index) * b.limit;
	const prompt = (t.widest ?? 1) > 1 && a.startedAt - turnAt(b, t, grid) < a.now - a.startedAt;
	const likely = prompt ? Math.min(highest, a.used - aheadOf(t) - 1) : -Infinity;
	if (windows > 0 || a.startedAt >= turnAt(b, t, t.index + 1))
		return opened(index, Math.max(t.last + 1, a.used - b.limit + 1, likely), highest);
	const inRound = a.sequential && (a.periodic || a.startedAt - a.heardBefore <= JITTER_MS);
	const moved = { ...t, last: a.used };
	if (!inRound) return moved;
	const gap = a.used - t.last;
	const gaps = [...t.gaps, gap].slice(-ROUND_MEMORY);
	return { ...moved, gaps, widest: Math.max(t.widest ?? 0, gap) };
}

/**
 * A new minute window: the burst windows' turns go on (one clock for every client across minutes),
 * its numbers follow the last minute's (at most its limit of them: the window that straddles the
 * reset keeps its end, as far as this process knows it); a later window's begin no lower than 1.
 */
function newMinute(turn: Turn, a: Numbered, b: Burst): Turn {
	const straddles = a.startedAt < turnAt(b, turn, turn.index + 1);
	const last = turn.last - a.limit;
	return {
		...turn,
		first: turn.first - a.limit,
		aligned: turn.aligned - a.limit,
		last: straddles ? last : Math.max(0, last),
	};
}

/**
 * A refused client's first counted answer: retried into the window others fill, those ahead of
 * it keep the rest (a lone one holds room for it, LATE_RETRY_ROOM); sent at the turn after the
 * window that refused it, it starts the next like the others.
 */
export function retriedInto(turn: Turn, b: Burst, refused?: Turn, startedAt = -Infinity): Turn {
	if (refused !== undefined && startedAt >= turnEnd(b, refused)) return turn;
	return { ...(turn.last > turn.first ? filled(turn, b) : turn), endsBy: undefined };
}

/**
 * The window is full for this process: refused in it, or a refused client that retried into it
 * (it leaves the rest to those there).
 */
export function filled(turn: Turn, b: Burst): Turn {
	return { ...turn, last: Math.max(turn.last, turn.first + b.limit - 1) };
}
