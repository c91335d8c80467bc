import { sleep } from 'n8n-workflow';

import { resetAtMs, resetAtOf, WINDOW_WITHOUT_RESET_MS, type Shape } from './budgetView';
import { decide, endpointShare, type Reason, type Windows } from './decide';
import { LOGGED_WAIT_MS, RETRY_AFTER_UNIT_MS } from '../constants';
import type { RateLimit } from '../credentials';
import type { Pacer, Release } from './pacer';
import { clientsOf, INITIAL_STATE, type PacerState } from './state';
import { step, type Frame, type PacerEvent } from './step';
import { DRAINING_PEAK, LATE_RETRY_ROOM } from './tuning';
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
 * The one pacer of a token in this process: its state (state.ts) moves by `step` and is read by
 * `decide`; this shell keeps the windows' counters, the backlog, the timers and the log. The design
 * is docs/SCALING.md. Without budget headers the configured windows pace alone.
 */
export class AccountBudget implements Pacer {
	private state: PacerState = INITIAL_STATE;
	private readonly frame: Frame;
	/** This process's requests on the token from asking to be sent until done, and its peak lately. */
	private backlog = 0;
	private peakBacklog = 0;
	private peakBacklogAt = 0;
	private readonly windows: SlidingWindow[];
	private readonly lateRetry: SlidingWindow | undefined;
	/** Settles at the next answer (acquire). */
	private nextAnswer!: Promise<void>;
	private wake = this.answerSignal();
	private readonly endpoints = new Map<string, SlidingWindow>();

	/**
	 * `limits` shape the reading of the service's report; `enforced` are the windows held to
	 * (production holds to the same, pacing.ts).
	 */
	constructor(limits: readonly RateLimit[], enforced: readonly RateLimit[] = []) {
		this.windows = enforced.map((limit) => new SlidingWindow(limit));
		const lengths = limits.length > 0 ? limits.map((w) => w.windowMs) : [WINDOW_WITHOUT_RESET_MS];
		const [longestMs, shareWindowMs] = [Math.max(...lengths), Math.min(...lengths)];
		const shareLimit = limits.find((w) => w.windowMs === shareWindowMs)?.limit;
		const shape: Shape = { longestMs, shareWindowMs, shareLimit };
		const takesTurns = enforced.some((w) => w.windowMs === shareWindowMs);
		this.frame = { shape, takesTurns };
		const burst = enforced.find((w) => w.windowMs === shareWindowMs && w.windowMs < longestMs);
		if (burst)
			this.lateRetry = new SlidingWindow({
				limit: 2 * burst.limit - Math.ceil(burst.limit * LATE_RETRY_ROOM),
				windowMs: burst.windowMs + RETRY_AFTER_UNIT_MS,
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
		let [heard, periodic] = [this.state.own.answers, false];
		for (;;) {
			const now = Date.now();
			if (this.state.own.answers !== heard) [heard, periodic] = [this.state.own.answers, true];
			const decision = decide(this.state, this.windowsOf(window, retryAt), now);
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
	 * go at their turn (decide.ts); the refused request passes its own retryAt to acquire.
	 */
	blockFor(ms: number): void {
		this.apply({ kind: 'refusal', waitMs: ms });
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
		return clientsOf(this.state.phase);
	}

	/** An endpoint's own limit as this process may spend it now (decide.ts). */
	endpointLimit(limit: RateLimit): number {
		return endpointShare(this.state, this.frame.shape, Date.now(), limit);
	}

	private apply(event: PacerEvent, now = Date.now()): void {
		this.state = step(this.state, event, now, this.frame);
	}

	private windowsOf(endpoint?: SlidingWindow, retryAt?: number): Windows {
		const { shape } = this.frame;
		return { shape, general: this.windows, lateRetry: this.lateRetry, endpoint, retryAt };
	}

	private explain(reason: Reason, endpoint?: { name: string; limit: RateLimit }): string {
		const windows = this.windows.map((window) => window.rateLimit);
		const share = endpoint && { ...endpoint, share: this.endpointLimit(endpoint.limit) };
		const { view, phase } = this.state;
		return explainWait({ reason, view, clients: clientsOf(phase), windows, endpoint: share });
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
		this.apply({ kind: 'start' }, now);
		let released = false;
		return (headers, status) => {
			if (released) return;
			released = true;
			const answeredAt = Date.now();
			for (const window of windows) window.finish(answeredAt);
			// The answered request leaves the backlog once its caller is done with it.
			const lastRequests = this.draining(answeredAt) ? this.backlog - 1 : undefined;
			const answer = { startedAt: now, headers, status, periodic, lastRequests };
			this.apply({ kind: 'answer', ...answer }, answeredAt);
			this.wake();
			this.wake = this.answerSignal();
		};
	}

	private answerSignal(): () => void {
		let wake = () => {};
		this.nextAnswer = new Promise<void>((resolve) => (wake = resolve));
		return wake;
	}

	/** Keeps the largest backlog within the longest window. */
	private noteBacklog(now: number): void {
		const { longestMs } = this.frame.shape;
		if (this.backlog >= this.peakBacklog || now - this.peakBacklogAt > longestMs) {
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
		const { resetHeader, remaining } = this.state.view;
		const resetAt = resetAtOf(this.state.view);
		const oneWindow = `so one window of ${WINDOW_WITHOUT_RESET_MS / 1000} s`;
		let reset = `X-RateLimit-Reset: ${resetHeader}`;
		if (resetHeader === undefined) reset = `no X-RateLimit-Reset, ${oneWindow}`;
		else if (resetAtMs(resetHeader) === undefined) reset += `, which is no Unix time, ${oneWindow}`;
		return `the service's rate limit for this API token has no request to spare until ${new Date(resetAt).toISOString()} (X-RateLimit-Remaining: ${remaining}, ${reset}), later than the ${Math.round(maxWaitMs / 1000)} s a request may wait`;
	}
}
