import { sleep } from 'n8n-workflow';

import {
	admit,
	clientsAfter,
	endpointShare,
	type Local,
	type Reason,
	type Situation,
} from './admission';
import { filled, retriedInto } from './burstTurn';
import {
	burstOf,
	EMPTY_VIEW,
	observe,
	resetAtMs,
	WINDOW_WITHOUT_RESET_MS,
	type Answer,
	type Shape,
	type BudgetView,
} from './budgetView';
import { LOGGED_WAIT_MS } from '../constants';
import type { RateLimit } from '../credentials';
import type { Pacer, Release } from './pacer';
import { DRAINING_PEAK, LATE_RETRY_ROOM, WHOLE_SECOND_MS } from './tuning';
import { explainWait } from './waitReasons';
import { SlidingWindow } from './windows';

/** Told once per request of a wait of LOGGED_WAIT_MS or more: its length and why, in words. */
export type LongWaitListener = (waitMs: number, why: string) => void;

/** What one request brings to acquire beside its endpoint. */
export interface AcquireOptions {
	/** Refused with a 429: it goes no sooner than the wait its answer asked for ends. */
	retryAt?: number;
	onLongWait?: LongWaitListener;
}

/** A wait the service's headers ask for is longer than a request may wait; the message says why. */
export class RateLimitWaitTooLong extends Error {}

/**
 * The one pacer of a token in this process: its windows (windows.ts), what the answers show of
 * the others (budgetView.ts) and the count of clients it shares with, decided as one
 * (admission.ts); the design is docs/SCALING.md. Without budget headers the configured windows
 * pace alone.
 */
export class AccountBudget implements Pacer {
	private view: BudgetView = EMPTY_VIEW;
	/** The clients this process shares the token with as counted (1: alone). */
	private clients = 1;
	private readonly local: Local = {
		blockedUntil: 0,
		inFlight: 0,
		answers: 0,
		lastStart: 0,
		startedSinceCount: 0,
	};
	/** Starts of the requests under way (the observer discounts them from the others'). */
	private readonly underWay: number[] = [];
	/** This process's requests on the token from asking to be sent until done, and its peak lately. */
	private backlog = 0;
	private peakBacklog = 0;
	/** Refused before its first counted answer: it counts as sharing until its answers count the others. */
	private refusedUnheardUntil = 0;
	private peakBacklogAt = 0;
	private readonly windows: SlidingWindow[];
	private readonly lateRetry: SlidingWindow | undefined;
	/** Settles at the next answer (acquire). */
	private nextAnswer!: Promise<void>;
	private wake = this.answerSignal();
	private readonly endpoints = new Map<string, SlidingWindow>();
	private readonly shape: Shape;

	/**
	 * `limits` shape the reading of the service's report; `enforced` are the windows held to
	 * (production holds to the same, pacing.ts).
	 */
	constructor(limits: readonly RateLimit[], enforced: readonly RateLimit[] = []) {
		this.windows = enforced.map((limit) => new SlidingWindow(limit));
		const lengths = limits.length > 0 ? limits.map((w) => w.windowMs) : [WINDOW_WITHOUT_RESET_MS];
		const [longestMs, shareWindowMs] = [Math.max(...lengths), Math.min(...lengths)];
		const shareLimit = limits.find((w) => w.windowMs === shareWindowMs)?.limit;
		this.shape = { longestMs, shareWindowMs, shareLimit };
		const burst = enforced.find((w) => w.windowMs === shareWindowMs && w.windowMs < longestMs);
		if (burst)
			this.lateRetry = new SlidingWindow({
				limit: 2 * burst.limit - Math.ceil(burst.limit * LATE_RETRY_ROOM),
				windowMs: burst.windowMs + WHOLE_SECOND_MS,
			});
	}

	/**
	 * Waits until this process may send (on `endpoint`'s window too).
	 * - A wait for the reset over `maxWaitMs` (over this call's waits) throws RateLimitWaitTooLong.
	 * - A request the service refused goes no sooner than its `retryAt` (blockFor holds the others).
	 * - The first wait of LOGGED_WAIT_MS or more is told to `onLongWait`, with its reason in words.
	 */
	async acquire(
		maxWaitMs: number,
		endpoint?: { name: string; limit: RateLimit },
		{ retryAt, onLongWait }: AcquireOptions = {},
	): Promise<Release> {
		const window = endpoint && this.endpointWindow(endpoint.name, endpoint.limit);
		let waitedForResetMs = 0;
		let told = onLongWait === undefined;
		// Waiting since an answer for nothing but the endpoint's period: its start measures a round.
		let [heard, periodic] = [this.local.answers, false];
		for (;;) {
			const now = Date.now();
			if (this.local.answers !== heard) [heard, periodic] = [this.local.answers, true];
			const decision = admit({ ...this.situation(now, window), retryAt });
			if (decision.reason === undefined) return this.start(now, window, window && periodic);
			if (decision.reason !== 'endpoint') periodic = false;
			if (decision.reason === 'reset' && waitedForResetMs + decision.waitMs > maxWaitMs)
				throw new RateLimitWaitTooLong(this.exhaustedReason(maxWaitMs));
			if (!told && decision.waitMs >= LOGGED_WAIT_MS) {
				told = true;
				onLongWait?.(decision.waitMs, this.explain(decision.reason, endpoint));
			}
			// Waiting for an answer looks again as one arrives: in turns, the next request leaves at once.
			const answer = decision.reason === 'answers' ? [this.nextAnswer] : [];
			await Promise.race([sleep(decision.waitMs), ...answer]);
			if (decision.reason === 'reset') waitedForResetMs += decision.waitMs;
		}
	}

	/**
	 * The service answered 429 and asked for `ms`: nobody sends until it allows, though the others may
	 * go at their turn (admission.ts); the refused request passes its own retryAt to acquire.
	 */
	blockFor(ms: number): void {
		this.local.blockedUntil = Math.max(this.local.blockedUntil, Date.now() + ms);
	}

	/**
	 * Counts a request from asking to be sent until done (the returned function); most wait
	 * here, so the backlog's draining marks the run's end.
	 */
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

	/** How many clients this process shares the token with (1 alone or unknown). */
	clientsSharing(): number {
		return this.clients;
	}

	/** An endpoint's own limit as this process may spend it now (admission.ts). */
	endpointLimit(limit: RateLimit): number {
		return endpointShare(this.situation(Date.now()), limit);
	}

	private situation(now: number, endpoint?: SlidingWindow): Situation {
		return {
			now,
			view: this.view,
			clients: this.clients,
			local: this.local,
			shape: this.shape,
			windows: this.windows,
			endpoint,
			lateRetry: this.lateRetry,
		};
	}

	private explain(reason: Reason, endpoint?: { name: string; limit: RateLimit }): string {
		const windows = this.windows.map((window) => window.rateLimit);
		const share = endpoint && { ...endpoint, share: this.endpointLimit(endpoint.limit) };
		const { view, clients } = this;
		return explainWait({ reason, view, clients, windows, endpoint: share });
	}

	private endpointWindow(name: string, limit: RateLimit): SlidingWindow {
		const key = `${name}|${limit.limit}/${limit.windowMs}`;
		let window = this.endpoints.get(key);
		if (!window) this.endpoints.set(key, (window = new SlidingWindow(limit)));
		return window;
	}

	private start(
		now: number,
		endpoint: SlidingWindow | undefined,
		periodic: boolean | undefined,
	): Release {
		const windows = [...this.windows, endpoint, this.lateRetry].filter((w) => w !== undefined);
		for (const window of windows) window.start();
		this.local.inFlight++;
		this.local.startedSinceCount++;
		this.local.lastStart = now;
		this.underWay.push(now);
		let released = false;
		return (headers, status) => {
			if (released) return;
			released = true;
			const answeredAt = Date.now();
			for (const window of windows) window.finish(answeredAt);
			this.local.inFlight--;
			this.underWay.splice(this.underWay.indexOf(now), 1);
			this.local.answers++;
			const { underWay } = this;
			const answer = {
				headers,
				status,
				startedAt: now,
				now: answeredAt,
				underWay,
				periodic,
			};
			this.answered({ ...answer, priorClients: this.clients });
			this.wake();
			this.wake = this.answerSignal();
		};
	}

	private answerSignal(): () => void {
		let wake = () => {};
		this.nextAnswer = new Promise<void>((resolve) => (wake = resolve));
		return wake;
	}

	/** Headers reach the observer once per answer; an answer that counted the others sets the count of clients. */
	private answered(answer: Answer): void {
		const { startedAt, now } = answer;
		const observation = observe(this.view, answer, this.shape);
		if (observation.kind === 'none') return;
		if (observation.kind === 'refused') {
			// Its place in the share is given back for the retry, or the minute's last slot goes to nobody.
			if (startedAt >= this.view.lastHeard && this.local.startedSinceCount > 0)
				this.local.startedSinceCount--;
			this.local.countedSinceRefusal = 0;
			if (this.view.remaining === undefined) this.refusedUnheardUntil = Infinity;
			this.view = observation.view;
			// A refusal proves its burst window full, and the others there: it waits for the next turn.
			if (this.view.turn) {
				this.view = { ...this.view, turn: filled(this.view.turn, burstOf(this.shape), now) };
				this.clients = Math.max(2, this.clients);
			}
			return;
		}
		const retried = this.local.countedSinceRefusal === 0;
		if (this.local.countedSinceRefusal !== undefined) this.local.countedSinceRefusal++;
		const { turn: refused } = this.view;
		this.view = observation.view;
		const { turn } = this.view;
		if (retried && turn)
			this.view = {
				...this.view,
				turn: retriedInto(turn, burstOf(this.shape), refused, startedAt),
			};
		this.local.startedSinceCount = 0;
		// The answered request leaves the backlog once its caller is done with it.
		this.local.lastRequests = this.draining(now) ? this.backlog - 1 : undefined;
		if (this.view.remaining === undefined || this.view.counts.window === undefined) return;
		this.clients = clientsAfter(this.view.clients, now < this.refusedUnheardUntil);
		// Until its answers count the others, or the minute window it first counted in ends.
		this.refusedUnheardUntil =
			this.view.clients >= 2 ? 0 : Math.min(this.refusedUnheardUntil, this.view.resetAt);
	}

	/** Keeps the largest backlog within the longest window. */
	private noteBacklog(now: number): void {
		if (this.backlog >= this.peakBacklog || now - this.peakBacklogAt > this.shape.longestMs) {
			this.peakBacklog = this.backlog;
			this.peakBacklogAt = now;
		}
	}

	/**
	 * The backlog drains: it held DRAINING_PEAK or more lately and holds fewer now (an n8n
	 * worker takes the next execution as one ends). Others slowing is no such sign: their share
	 * may be spent.
	 */
	private draining(now: number): boolean {
		this.noteBacklog(now);
		return this.peakBacklog >= DRAINING_PEAK && this.backlog < this.peakBacklog;
	}

	private exhaustedReason(maxWaitMs: number): string {
		const { resetHeader, resetAt, remaining } = this.view;
		const oneWindow = `so one window of ${WINDOW_WITHOUT_RESET_MS / 1000} s`;
		let reset = `X-RateLimit-Reset: ${resetHeader}`;
		if (resetHeader === undefined) reset = `no X-RateLimit-Reset, ${oneWindow}`;
		else if (resetAtMs(resetHeader) === undefined) reset += `, which is no Unix time, ${oneWindow}`;
		return `the service's rate limit for this API token has no request to spare until ${new Date(resetAt).toISOString()} (X-RateLimit-Remaining: ${remaining}, ${reset}), later than the ${Math.round(maxWaitMs / 1000)} s a request may wait`;
	}
}
