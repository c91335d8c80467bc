import { sleep, type IDataObject } from 'n8n-workflow';

import { DOCUMENTED_GENERAL_LIMITS } from './constants';
import type { RateLimit } from './credentials';
import { header } from './headers';
import type { DepartureCheck, Pacer, Release } from './pacer';
import { SharedPace } from './sharedPace';

/** How often a waiter looks again while the requests it waits for are still in flight. */
const POLL_MS = 5;

/** How long `X-RateLimit-Remaining: 0` holds when the answer names no reset: one documented window (the minute). */
export const WINDOW_WITHOUT_RESET_MS = DOCUMENTED_GENERAL_LIMITS[0].windowMs;

/** Others' requests an answer revealed, at the moment it arrived. */
interface OthersSeen {
	at: number;
	count: number;
	/** false for those counted before this process took part (they say nothing about its share) */
	duringActivity: boolean;
}

/**
 * A shared token is spent 5 % below the pace its windows allow: the clients' answers arrive with
 * jitter, and at exactly the allowed pace one early request would be a 429.
 */
const SHARED_PACE_MARGIN = 1.05;

/** Answers of this process in the service's window before its ratio shares the remainder (remainderShares). */
const WINDOW_RATIO_AFTER = 8;

/**
 * The others' requests an answer must have missed, at the rate they kept in the window, before its
 * silence proves they stopped (othersStopped): at that rate a lull of two is unlikely.
 */
const QUIET_PROOF = 2;

/** How much later a request may start and still be counted before an earlier one. */
const OVERTAKE_MS = 100;

/** A wait the service's headers ask for is longer than a request may wait; the message says why. */
export class RateLimitWaitTooLong extends Error {}

function numericHeader(headers: IDataObject | undefined, name: string): number | undefined {
	const text = header(headers, name);
	if (text === undefined || text.trim() === '') return undefined;
	const value = Number(text);
	return Number.isFinite(value) ? value : undefined;
}

/**
 * The account-wide limit as this process sees it through the service's own count: every answer
 * carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) of the
 * token's minute window (https://docs.famulor.de/en/api-reference/authentication). Those headers are
 * the only state the processes of one token (n8n workers, other tools) share, so this is how they
 * stay within one limit without talking to each other:
 *
 * - Others' requests: the used count (Limit − Remaining) rises by every client's requests; what it
 *   rose by beyond this process's own requests of the window are others', stamped when the answer
 *   arrived (no earlier than they were counted, so they are kept too long rather than too short).
 *   The configured windows (pacing.ts) count them beside this process's own, so a window full of
 *   others' requests waits here as well.
 * - Share: over the shortest window, how many requests the account makes per request of this one
 *   (all ÷ own, rounded to a whole number) is the number of clients sharing the token. With more than
 *   one, this process spends its share only, evenly: one request per share of the fastest pace a
 *   window allows (20 per 10 s → every 0.5 s × clients), and of a window's free room it has at most
 *   its share under way before it hears back (half while it seems alone). Even spacing keeps
 *   the clients' requests interleaved instead of colliding at the moment a window frees, and keeps a
 *   shared token's pace below the endpoints' own limits (free-form 5 per second), which the service
 *   does not report. From three clients on, the spacing is the shared pace's instead (sharedPace.ts):
 *   there the count alone settles on unequal shares. Alone, a process bursts as far as its windows
 *   allow, as it always did.
 * - Leaving: a request takes its place in the configured windows when it queues, but leaves only
 *   when its spacing allows, seconds later; the windows are asked again as it leaves, with the
 *   others' requests counted meanwhile (DepartureCheck), so requests queued while a process still
 *   thought itself alone do not overfill a burst window the service does not report.
 * - Remaining: until the reset, at most the share of the reported remainder (by this process's part
 *   of the window's requests; all of it once the others stopped) is started before the next answer
 *   reports again; none left waits for the reset (`X-RateLimit-Remaining: 0` without a
 *   reset waits one documented window), but never longer than a request may wait: beyond that the
 *   request fails unsent, naming the headers and the reset time. Clients that waited for the reset
 *   resume one pace apart, in the order the service counted their last requests (planResume), not
 *   all at its first second.
 * - Start: processes that start together know nothing of each other, so the first request goes
 *   alone and each answer lets one more be under way at once (1, 2, 3, …): a process learns of the
 *   others from its first answers before it has spent much of a budget they share. Meanwhile it
 *   spends half of an endpoint's own limit (endpointLimit), whose 429s the account counts too.
 * - End: 200 sends on a 100-a-minute account fit in two minutes only if no slot of either is left
 *   unused, and near a window's end each process's share of the remainder rounds down to none.
 *   When the clients run out of work there (this process's backlog drains), one request per answer
 *   goes while any is left, spaced as one of the clients still sending, the others' likely
 *   requests are no longer counted, and an answer that shows none of theirs where they would have
 *   sent some makes the remainder this process's until the reset (inTail, othersStopped). A
 *   request the account refused gives its place in the share back.
 * Without these headers none of this applies and the configured windows pace as before.
 */
export class AccountBudget implements Pacer {
	private remaining: number | undefined;

	/** X-RateLimit-Limit of the last answer with a budget: which configured window the report is (reportedRoom). */
	private reportedLimit: number | undefined;

	private resetAt = 0;

	private resetHeader: string | undefined;

	/** Requests started since the last answer reported the remaining budget. */
	private startedSinceCount = 0;

	private blockedUntil = 0;

	/** When this process resumes after waiting for the reset (planResume). */
	private resumeAt = 0;

	/** When this process last sent after a pause of half a share window or more (countClients). */
	private resumedAt = 0;

	/** Requests waiting in acquire: none means this process has no work, not that it is held back. */
	private waiting = 0;

	private inFlight = 0;

	/** When each request still under way started. */
	private readonly underWay: number[] = [];

	private answers = 0;

	private reportsBudget = false;

	private lastStart = 0;

	private clients = 1;

	/** The spacing while three or more clients share the token (sharedPace.ts). */
	private readonly pace: SharedPace | undefined;

	/** Answers in a row that showed no other client's request (countOthers). */
	private quietAnswers = 0;

	private lastOwnAnswer = 0;

	/** The others stopped: the reported remainder is this process's to spend (countOthers). */
	private remainderOwn = false;

	/** In the tail (inTail), how many clients are still sending, when the others slow down (tailClients). */
	private activeClients: number | undefined;

	/**
	 * Near the window's end, the clients running out of work (this process's backlog drains:
	 * runningOutOfWork): one request per answer goes while any of the remainder is left
	 * (spentShare), where a share of a remainder smaller than the count of clients is none. The
	 * last slots may be this process's or another's; a request the minute has no room for is
	 * refused and not counted, and waits for the reset as it would have.
	 */
	private inTail = false;

	/** This process's backlog was draining at the last answer (runningOutOfWork). */
	private draining = false;

	/** This process's requests on the token from asking to be sent until done (enterBacklog). */
	private backlog = 0;

	/** The largest backlog lately, and when (runningOutOfWork). */
	private peakBacklog = 0;

	private peakBacklogAt = 0;

	/** When the last answer with a budget arrived. */
	private lastHeard = 0;

	/** When the first answer with a budget arrived: the start of learning (endpointLimit). */
	private firstHeard: number | undefined;

	/** When the latest answered request with a budget started. */
	private latestHeardStart = 0;

	/** The service's window the counts below belong to (its Reset), and its highest used count seen. */
	private window: number | undefined;

	private highestUsed = 0;

	private highestStartedAt = 0;

	/** This process's answered requests counted in that window, and others' recorded so far. */
	private ownInWindow = 0;

	private othersInWindow = 0;

	private readonly others: OthersSeen[] = [];

	private readonly departureChecks: DepartureCheck[] = [];

	/** When this process's answers with a budget arrived (within the longest window). */
	private readonly own: number[] = [];

	private readonly longestMs: number;

	/** The window over which the clients sharing the token are counted: the shortest, so it follows them quickly. */
	private readonly shareWindowMs: number;

	/** The fastest pace any window allows: its length ÷ its count. */
	private readonly paceMs: number | undefined;

	/** One pace of a shared token: the fastest with the shared margin (0 without windows). */
	private readonly sharedPaceMs: number;

	constructor(windows: readonly RateLimit[]) {
		this.longestMs =
			windows.length > 0 ? Math.max(...windows.map((w) => w.windowMs)) : WINDOW_WITHOUT_RESET_MS;
		this.shareWindowMs =
			windows.length > 0 ? Math.min(...windows.map((w) => w.windowMs)) : WINDOW_WITHOUT_RESET_MS;
		const paces = windows.map((w) => w.windowMs / w.limit);
		this.paceMs = paces.length > 0 ? Math.min(...paces) : undefined;
		this.sharedPaceMs = (this.paceMs ?? 0) * SHARED_PACE_MARGIN;
		if (this.paceMs !== undefined)
			this.pace = new SharedPace(this.sharedPaceMs, this.shareWindowMs);
	}

	/**
	 * Waits until this process may send. A wait the headers ask for that would last longer than
	 * `maxWaitMs` (counted over the waits of this call) throws RateLimitWaitTooLong instead.
	 */
	async acquire(maxWaitMs: number): Promise<Release> {
		// A pause is time without work, or waiting for the reset or a 429's block; never the spacing
		// this process keeps itself, which would freeze a slow count for good (countClients).
		let pausedMs = this.waiting === 0 && this.lastStart > 0 ? Date.now() - this.lastStart : 0;
		let waitedForBudgetMs = 0;
		this.waiting++;
		try {
			for (;;) {
				const now = Date.now();
				let waitMs: number;
				let forBudget = false;
				const clients = this.clientsSharing();
				const blocked = now < this.blockedUntil;
				if (blocked) waitMs = this.blockedUntil - now;
				else if (this.inFlight >= this.inFlightAllowed()) waitMs = POLL_MS;
				else if (now < this.resumeAt || this.spentShare(now, clients)) {
					if (now >= this.resumeAt) this.planResume();
					waitMs = this.resumeAt - now;
					forBudget = true;
					if (waitedForBudgetMs + waitMs > maxWaitMs)
						throw new RateLimitWaitTooLong(this.exhaustedReason(maxWaitMs));
				} else if (
					clients > 1 &&
					this.paceMs !== undefined &&
					!this.ownsRemainder(now) &&
					now < this.nextSpacedStart(clients)
				)
					waitMs = this.nextSpacedStart(clients) - now;
				else if ((waitMs = this.windowsWait(now)) === 0) {
					if (pausedMs >= this.shareWindowMs / 2) this.resumedAt = now;
					return this.start(now);
				}
				await sleep(Math.max(1, waitMs));
				if (forBudget) waitedForBudgetMs += waitMs;
				if (forBudget || blocked) pausedMs += waitMs;
			}
		} finally {
			this.waiting--;
		}
	}

	/** Counts a request on its way from asking to be sent until done; returns the function that ends it (enterBacklog). */
	enterBacklog(): () => void {
		this.backlog++;
		this.noteBacklog(Date.now());
		let left = false;
		return () => {
			if (left) return;
			left = true;
			this.backlog--;
		};
	}

	/** Checks `window` again whenever a request leaves (DepartureCheck). */
	checkOnDeparture(window: DepartureCheck): void {
		this.departureChecks.push(window);
	}

	/** The window of `windowMs` had no room when a request of this process queued or left: the shortest is the shared pace's signal. */
	windowFull(windowMs: number): void {
		if (windowMs === this.shareWindowMs) this.pace?.windowFull();
	}

	/** The service answered 429: nobody sends until it allows. */
	blockFor(ms: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, Date.now() + ms);
	}

	/**
	 * Others' requests in the last `windowMs`: those the answers revealed, plus those they have likely
	 * sent since this process last heard (at the pace they kept in the window, and no more than the
	 * reported remainder before its reset; none near the window's end while the clients run out of
	 * work, inTail); and when the oldest revealed one leaves it.
	 */
	othersWithin(windowMs: number, now: number): { count: number; nextExpiry: number } {
		let seen = 0;
		let nextExpiry = Infinity;
		for (const others of this.others) {
			if (others.at + windowMs <= now) continue;
			seen += others.count;
			nextExpiry = Math.min(nextExpiry, others.at + windowMs);
		}
		const likelyIn = (ms: number) => Math.round((seen * Math.min(windowMs, ms)) / windowMs);
		if (this.remaining === undefined || this.lastHeard >= this.resetAt)
			return { count: seen + likelyIn(now - this.lastHeard), nextExpiry };
		// Until the reset the others could not send more than the budget the service reported: a
		// process that waited for the reset does not count phantom requests of theirs when it resumes.
		// Near the end the others are finishing, not keeping their pace: counted at it, they held this
		// process's last request until its reset while the service's burst window had room for it.
		if (this.inTail && now < this.resetAt) return { count: seen, nextExpiry };
		const beforeReset = Math.min(now, this.resetAt) - this.lastHeard;
		const afterReset = Math.max(0, now - this.resetAt);
		const likely = Math.min(this.remaining, likelyIn(beforeReset)) + likelyIn(afterReset);
		return { count: seen + likely, nextExpiry };
	}

	/**
	 * The room the service reports in the configured `window` it describes (the one with the reported
	 * X-RateLimit-Limit that lasts longest), until its reset, and that reset. The window's own count is
	 * fuller than the service's: it holds each request from its start until a window after its answer,
	 * those the service never counted (refused, or lost on the way) too, and the others' likely
	 * requests up to the whole remainder; so it would hold back the last requests of a window the
	 * service still has room in. Undefined when no answer reported such a window, and from its reset
	 * until an answer reports the next one.
	 */
	reportedRoom(window: RateLimit, now: number): { free: number; resetAt: number } | undefined {
		if (this.remaining === undefined || now >= this.resetAt) return undefined;
		if (window.limit !== this.reportedLimit || window.windowMs !== this.longestMs) return undefined;
		return { free: this.remaining, resetAt: this.resetAt };
	}

	/**
	 * How many of the `free` slots of a window this process may have under way before it hears back:
	 * its share when others are known, half when it seems alone (another may have started with it).
	 */
	unheardAllowed(free: number): number {
		const clients = this.clientsSharing();
		if (free <= 0) return 0;
		return clients === 1 ? Math.ceil(free / 2) : Math.max(1, Math.floor(free / clients));
	}

	/**
	 * An endpoint's own limit (free-form 5 per second), which the service does not report, as this
	 * process may spend it now. The endpoint's 429s count against the account-wide limit, so one
	 * of them costs the minute a slot, and 200 sends on a 100-a-minute account a third minute:
	 * - shared: its part by the count of clients (at least 1), and 1 for the rest of its first
	 *   burst window (the shortest account window after its first answer with a budget), while that
	 *   count is still uncertain: four processes starting within a second, each spending two of
	 *   free-form's five, met its 429;
	 * - alone: half (at least 1) until its first answer, and until it has an answer to a request it
	 *   started one endpoint window (at most one shortest account window) after its first answer with
	 *   a budget: by then a client that started with it has sent, and that answer's count shows it.
	 *   For the rest of its first burst window it keeps one slot free for the first request of a
	 *   client that starts a little later, which cannot know the endpoint's window is full (free-form
	 *   at 4 per second still fills 20 per 10 s in 5 s). Then the whole limit: a process alone keeps
	 *   its bursts.
	 * Without budget headers, the whole limit from the first answer on.
	 */
	endpointLimit(limit: RateLimit): number {
		const now = Date.now();
		const firstBurstWindow =
			this.firstHeard !== undefined && now < this.firstHeard + this.shareWindowMs;
		if (this.clients > 1 && !this.ownsRemainder(now))
			return firstBurstWindow ? 1 : Math.max(1, Math.floor(limit.limit / this.clients));
		const learningMs = Math.min(limit.windowMs, this.shareWindowMs);
		const learning =
			this.answers === 0 ||
			(this.firstHeard !== undefined && this.latestHeardStart < this.firstHeard + learningMs);
		if (learning) return Math.max(1, Math.floor(limit.limit / 2));
		return firstBurstWindow && limit.limit > 1 ? limit.limit - 1 : limit.limit;
	}

	/** How many clients use the token, as the latest answer told (1 alone or unknown). */
	clientsSharing(): number {
		return this.clients;
	}

	/**
	 * 1 while no other client's request was seen in the longest window; else all requests per own
	 * request in the shortest window, rounded down from .6 and at least 2. Others counted before this
	 * process took part (its first answer's count) say that the token is shared but not how much. A
	 * client that got less than its share (2.5 while 2 share) so reads as fewer clients and speeds
	 * up, while one that got more still paces as one of two: the shares even out. Kept between
	 * answers, so a pause does not read as being alone, and kept by answers whose window still reaches
	 * into a pause.
	 */
	private countClients(now: number): number {
		// Shared while another client's request was seen in the longest window: a client held back by a
		// 429 has not left, and bursting meanwhile would meet it when it resumes.
		const shared = this.others.some((seen) => seen.at > now - this.longestMs);
		if (!shared) return 1;
		const since = now - this.shareWindowMs;
		const own = this.own.filter((at) => at > since).length;
		// The count stands while the window holds nothing of this process's, or reaches back into a
		// pause of its own (the reset, a 429's block, no work): such a window holds too few of its
		// requests and, when the others paused as well (the reset), too few of theirs; read as two
		// after the reset, the process spent twice its share of the next burst.
		if (own === 0 || since < this.resumedAt) return Math.max(2, this.clients);
		const others = this.others
			.filter((seen) => seen.duringActivity && seen.at > since)
			.reduce((sum, seen) => sum + seen.count, 0);
		return Math.max(2, Math.floor((own + others) / own + 0.4));
	}

	/** Whether this process has started its share of the reported remainder before the next answer. */
	private spentShare(now: number, clients: number): boolean {
		if (this.remaining === undefined || now >= this.resetAt) return false;
		const share = Math.floor(this.remaining / this.remainderShares(clients));
		// While the clients run out of work, one per answer goes while any is left (inTail).
		const tail = this.inTail && this.remaining > 0 ? 1 : 0;
		return this.startedSinceCount >= Math.max(share, tail);
	}

	/**
	 * Into how many shares the remainder divides: 1 once the others stopped; else, once this process
	 * has enough answers in the service's window, by all its requests per request of this one (the
	 * whole window, steadier than the count of clients over the shortest, and right for unequal
	 * shares), or by the clients still sending near the window's end when fewer (tailClients); else
	 * the count of clients.
	 */
	private remainderShares(clients: number): number {
		if (this.remainderOwn) return 1;
		if (clients < 2 || this.ownInWindow < WINDOW_RATIO_AFTER) return clients;
		const shares = Math.max(2, Math.round(this.highestUsed / this.ownInWindow));
		return Math.min(shares, this.activeClients ?? shares);
	}

	/**
	 * Where this process resumes after the reset among the clients that waited for it. Sharing the
	 * remainder leaves each client's last answer with a different remainder below the client count
	 * (0 for the one counted last): the one counted first resumes first, one pace apart, so the
	 * clients keep their order instead of all sending at the reset, which would spend the first
	 * burst window faster than the pace.
	 */
	private planResume(): void {
		const clients = this.clients;
		const rank =
			clients < 2 || this.remaining === undefined || this.remaining >= clients
				? 0
				: clients - 1 - this.remaining;
		this.resumeAt = this.resetAt + rank * this.sharedPaceMs;
	}

	/** How long the windows ask a leaving request to wait, with this process's unanswered requests counted (0: none). */
	private windowsWait(now: number): number {
		if (!this.reportsBudget) return 0;
		return Math.max(
			0,
			...this.departureChecks.map((check) => check.departureWait(now, this.inFlight)),
		);
	}

	private inFlightAllowed(): number {
		if (this.answers === 0) return 1;
		return this.reportsBudget ? this.answers + 1 : Infinity;
	}

	/**
	 * When this process's next request may start: one pace of the token per client, or the shared
	 * pace's spacing; near the end (inTail) no slower than one pace per client still sending, so the
	 * last executions are not held by a slow share.
	 */
	private nextSpacedStart(clients: number): number {
		const spacing = this.pace?.spacingMs() ?? clients * this.sharedPaceMs;
		const tail = this.inTail ? (this.activeClients ?? clients) * this.sharedPaceMs : Infinity;
		return this.lastStart + Math.min(spacing, tail);
	}

	private start(now: number): Release {
		this.inFlight++;
		this.startedSinceCount++;
		this.lastStart = now;
		this.underWay.push(now);
		let released = false;
		return (headers, status) => {
			if (released) return;
			released = true;
			this.inFlight--;
			this.underWay.splice(this.underWay.indexOf(now), 1);
			this.answers++;
			this.observe(headers, status, now);
		};
	}

	private exhaustedReason(maxWaitMs: number): string {
		const reset =
			this.resetHeader === undefined
				? `no X-RateLimit-Reset, so one window of ${WINDOW_WITHOUT_RESET_MS / 1000} s`
				: `X-RateLimit-Reset: ${this.resetHeader}`;
		return `the service's rate limit for this API token has no request to spare until ${new Date(this.resetAt).toISOString()} (X-RateLimit-Remaining: ${this.remaining}, ${reset}), later than the ${Math.round(maxWaitMs / 1000)} s a request may wait`;
	}

	private observe(
		headers: IDataObject | undefined,
		status: number | undefined,
		startedAt: number,
	): void {
		const remaining = numericHeader(headers, 'x-ratelimit-remaining');
		if (remaining === undefined) return;
		// Refused by the account-wide limit: not counted, and its wait is the 429's (blockFor). Its
		// place in this process's share of the remainder is given back for the retry: kept, a burst
		// window's 429 near the minute's end left the minute's last slot to nobody. An endpoint's own
		// 429 was counted by the account-wide limit and reports it like any answer.
		if (status === 429 && remaining === 0) {
			if (startedAt >= this.lastHeard && this.startedSinceCount > 0) this.startedSinceCount--;
			return;
		}
		const now = Date.now();
		const reset = numericHeader(headers, 'x-ratelimit-reset');
		this.reportsBudget = true;
		this.lastHeard = now;
		this.firstHeard ??= now;
		this.latestHeardStart = Math.max(this.latestHeardStart, startedAt);
		this.remaining = remaining;
		this.startedSinceCount = 0;
		this.resetHeader = header(headers, 'x-ratelimit-reset');
		this.resetAt =
			reset === undefined
				? now + WINDOW_WITHOUT_RESET_MS
				: reset > 1e9
					? reset * 1000
					: now + reset * 1000;
		const limit = numericHeader(headers, 'x-ratelimit-limit');
		this.reportedLimit = limit;
		if (limit !== undefined && reset !== undefined)
			this.countOthers(limit - remaining, reset, now, startedAt);
		// Nothing left for this process before the reset: its place after it is fixed now, whichever
		// pacer its next request waits at (a window may hold it until the reset).
		if (this.spentShare(now, this.clients)) this.planResume();
	}

	/**
	 * Others' requests are the used count beyond this process's answered requests of the window and
	 * those under way that started before the request that saw it (they may have been counted first):
	 * an answer that overtook one of ours is no sign of others.
	 */
	private countOthers(used: number, reset: number, now: number, startedAt: number): void {
		this.prune(now);
		const activeBefore = this.own.length > 0;
		this.own.push(now);
		const expected = reset === this.window ? this.expectedOthers(now) : undefined;
		if (this.window === undefined || reset > this.window) {
			this.window = reset;
			this.highestUsed = 0;
			this.othersInWindow = 0;
			this.ownInWindow = 0;
			// Who stopped in the last window says nothing of this one: all resume at its reset.
			this.quietAnswers = 0;
			this.remainderOwn = false;
		} else if (reset < this.window) return;
		this.ownInWindow++;
		if (used > this.highestUsed) {
			this.highestUsed = used;
			this.highestStartedAt = startedAt;
		}
		// Ours under way that started before (or just after) the request that saw the highest count may
		// be in it: requests sent at almost the same moment reach the service in any order.
		const ahead = this.underWay.filter((at) => at <= this.highestStartedAt + OVERTAKE_MS).length;
		const others = Math.max(0, this.highestUsed - this.ownInWindow - ahead - this.othersInWindow);
		if (others > 0) {
			this.othersInWindow += others;
			this.others.push({ at: now, count: others, duringActivity: activeBefore });
		}
		this.clients = this.othersStopped(others, now, expected) ? 2 : this.countClients(now);
		// Near the end: the remainder is less than two rounds of the clients.
		const nearEnd = (this.remaining ?? Infinity) < 2 * this.clients;
		this.draining = this.runningOutOfWork(now);
		this.inTail = nearEnd && this.draining;
		this.activeClients = this.inTail ? this.tailClients(others, expected) : undefined;
		this.pace?.update(now, this.clients);
	}

	/** Keeps the largest backlog within the longest window. */
	private noteBacklog(now: number): void {
		if (this.backlog >= this.peakBacklog || now - this.peakBacklogAt > this.longestMs) {
			this.peakBacklog = this.backlog;
			this.peakBacklogAt = now;
		}
	}

	/**
	 * Whether this process's backlog is draining: it had four or more requests on the way lately, and
	 * has fewer now. An n8n worker runs a number of executions at once and takes the next from the
	 * queue as one ends, so its backlog stays whole while the queue holds more; once the queue is
	 * empty, each worker finishes what it holds. Others slowing down alone is no such sign: near a
	 * minute's end they slow because their share of it is spent, and a request sent on that sign met
	 * the full minute.
	 */
	private runningOutOfWork(now: number): boolean {
		this.noteBacklog(now);
		return this.peakBacklog >= 4 && this.backlog < this.peakBacklog;
	}

	/**
	 * How many of the others' requests this answer would have shown, had they kept the rate they
	 * kept in the service's window so far (from its start, the reset less the window, until this
	 * process's previous answer); undefined before it has enough answers in the window to say.
	 * Called only for an answer in the same window.
	 */
	private expectedOthers(now: number): number | undefined {
		if (this.window === undefined || this.ownInWindow < WINDOW_RATIO_AFTER) return undefined;
		const windowStart = this.window * 1000 - this.longestMs;
		const span = this.lastOwnAnswer - windowStart;
		if (span <= 0) return undefined;
		return (this.othersInWindow / span) * (now - this.lastOwnAnswer);
	}

	/**
	 * In the tail (inTail), the clients still sending, when this answer showed the others' requests
	 * at less than half the rate they kept in the window: they are finishing too. Counted by the
	 * others' part of their rate (rounded up, so slowing is never read as stopped); it shares the
	 * remainder and spaces this process's requests. Undefined otherwise.
	 */
	private tailClients(othersNow: number, expected: number | undefined): number | undefined {
		const clients = this.clients;
		if (clients < 2 || expected === undefined || othersNow >= expected / 2) return undefined;
		return 1 + Math.ceil(((clients - 1) * othersNow) / expected);
	}

	/**
	 * While its backlog drains (the run's end) and until the reset, the remainder is this process's: its requests are not
	 * spaced, and an endpoint's limit is whole (othersStopped). Mid-window the others' silence may be
	 * a 429's wait: a process that burst then met them as they resumed, and in the half-scale
	 * simulation one ran away with 121 of 200 executions while the others met free-form's 429 every
	 * burst window. There it keeps the whole remainder, spaced as one of two.
	 */
	private ownsRemainder(now: number): boolean {
		return this.remainderOwn && this.draining && now < this.resetAt;
	}

	/**
	 * Whether the others have stopped sending, though some were seen within the longest window: two
	 * answers in a row, each two paces or more after the one before, showed no request of theirs, or
	 * one did after a time in which they would have sent QUIET_PROOF at the rate they kept. Their
	 * last executions are done (or they wait for the reset), so the remainder is this process's
	 * (remainderShares) and until the reset it sends as the windows allow (ownsRemainder), instead
	 * of keeping to a share for clients who left: it holds the last executions, and would otherwise
	 * wait for the next window with room in this one. It counts as one of two clients, so that
	 * after the reset, when the others may resume, it does not burst as if alone. An answer that
	 * shows their requests again ends it.
	 */
	private othersStopped(othersNow: number, now: number, expected: number | undefined): boolean {
		if (othersNow > 0) this.quietAnswers = 0;
		else if (now - this.lastOwnAnswer >= 2 * (this.paceMs ?? 0)) this.quietAnswers++;
		this.lastOwnAnswer = now;
		const provenQuiet = othersNow === 0 && expected !== undefined && expected >= QUIET_PROOF;
		this.remainderOwn =
			(this.quietAnswers >= 2 || provenQuiet || (this.remainderOwn && othersNow === 0)) &&
			this.others.some((seen) => seen.at > now - this.longestMs);
		return this.remainderOwn;
	}

	private prune(now: number): void {
		const since = now - this.longestMs;
		while (this.own.length > 0 && this.own[0] <= since) this.own.shift();
		while (this.others.length > 0 && this.others[0].at <= since) this.others.shift();
	}
}
