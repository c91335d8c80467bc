import { sleep, type IDataObject } from 'n8n-workflow';

import { WINDOW_WITHOUT_RESET_MS, type Shape } from './budgetView';
import { decide, endpointShare, type Reason, type Windows } from './decide';
import { LOGGED_WAIT_MS, MAX_RATE_LIMIT_WAIT_MS, RETRY_AFTER_UNIT_MS } from '../constants';
import type { RateLimit } from '../credentials';
import { holdingRefusal } from './refusal';
import { clientsOf, INITIAL_STATE, type PacerState, type Refusal } from './state';
import { step, type Frame, type PacerEvent } from './step';
import { DRAINING_PEAK, LATE_RETRY_ROOM } from './tuning';
import { explainWait, refusalTooLong, resetTooLong } from './waitReasons';
import { SlidingWindow } from './windows';

/** Told once per request of a wait of LOGGED_WAIT_MS or more: its length and why, in words. */
export type LongWaitListener = (waitMs: number, why: string) => void;

/** Called with the answer's headers, status and body once it arrived (nothing when none did). */
export type Release = (headers?: IDataObject, status?: number, body?: unknown) => void;

/** An endpoint with its own limit (credentials.ts), beside the token's windows. */
export type Endpoint = { name: string; limit: RateLimit };

/**
 * One request's way through the pacer, from asking to be sent until done (request.ts): each
 * attempt acquires a slot and releases it with its answer.
 */
export interface Passage {
	/**
	 * Waits until the request's next attempt may start (on `endpoint`'s window too).
	 * - The service's waits (a 429's, the reset) add up over its attempts: one past
	 *   MAX_RATE_LIMIT_WAIT_MS throws RateLimitWaitTooLong instead.
	 * - The first wait of LOGGED_WAIT_MS or more is told to `onLongWait`, with its reason in words.
	 */
	acquire(endpoint?: Endpoint, onLongWait?: LongWaitListener): Promise<Release>;
	/** Done: it leaves the backlog, and its own 429's wait with it. */
	leave(): void;
}

/** A wait the service asks for is longer than a request may still wait; the message says why. */
export class RateLimitWaitTooLong extends Error {
	constructor(
		message: string,
		/** What the request waited for the service so far, and the wait it was refused. */
		readonly waitedMs: number,
		readonly waitMs: number,
		/** The wait is its own 429's (send.ts reports that answer). */
		readonly ownRefusal: boolean,
	) {
		super(message);
	}
}

/** What one request's attempts leave for the next: the service's waits so far, its 429s. */
interface RequestWaits {
	waitedMs: number;
	refused: number;
	/** The start of its attempt the last 429 refused, which names its refusal (state.ts). */
	refusedStart?: number;
}

/**
 * The one pacer of a token in this process: its state (state.ts) moves by `step` and is read by
 * `decide`; this shell keeps the windows' counters, the backlog, the timers and the log. The design
 * is docs/SCALING.md. Without budget headers the configured windows pace alone.
 */
export class AccountBudget {
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

	/** `limits`: the token's windows, held to, which shape the reading of the service's report. */
	constructor(limits: readonly RateLimit[]) {
		this.windows = limits.map((limit) => new SlidingWindow(limit));
		const lengths = limits.length > 0 ? limits.map((w) => w.windowMs) : [WINDOW_WITHOUT_RESET_MS];
		const [longestMs, shareWindowMs] = [Math.max(...lengths), Math.min(...lengths)];
		const shareLimit = limits.find((w) => w.windowMs === shareWindowMs)?.limit;
		const shape: Shape = { longestMs, shareWindowMs, shareLimit };
		const takesTurns = limits.some((w) => w.windowMs === shareWindowMs);
		this.frame = { shape, takesTurns };
		const burst = limits.find((w) => w.windowMs === shareWindowMs && w.windowMs < longestMs);
		if (burst)
			this.lateRetry = new SlidingWindow({
				limit: 2 * burst.limit - Math.ceil(burst.limit * LATE_RETRY_ROOM),
				windowMs: burst.windowMs + RETRY_AFTER_UNIT_MS,
			});
	}

	/**
	 * A request asks to be sent: it is counted until done (leave); most wait here, so the backlog's
	 * draining marks the run's end.
	 */
	enter(): Passage {
		this.backlog++;
		this.noteBacklog(Date.now());
		const waits: RequestWaits = { waitedMs: 0, refused: 0 };
		let left = false;
		return {
			acquire: (endpoint, onLongWait) => this.acquire(waits, endpoint, onLongWait),
			leave: () => {
				if (left) return;
				left = true;
				this.backlog--;
				if (waits.refusedStart !== undefined)
					this.apply({ kind: 'left', startedAt: waits.refusedStart });
			},
		};
	}

	private async acquire(
		waits: RequestWaits,
		endpoint?: Endpoint,
		onLongWait?: LongWaitListener,
	): Promise<Release> {
		const window = endpoint && this.endpointWindow(endpoint.name, endpoint.limit);
		let told = onLongWait === undefined;
		// Waiting since an answer for nothing but the endpoint's period: its start measures a round.
		let [heard, periodic] = [this.state.own.answers, false];
		for (;;) {
			const now = Date.now();
			if (this.state.own.answers !== heard) [heard, periodic] = [this.state.own.answers, true];
			const decision = decide(this.state, this.windowsOf(window, waits.refusedStart), now);
			if (decision.reason === undefined) return this.start(now, waits, window, window && periodic);
			if (decision.reason !== 'endpoint') periodic = false;
			const refusal =
				decision.reason === 'blocked'
					? holdingRefusal(this.state.refusals, now, waits.refusedStart)
					: undefined;
			const own = refusal !== undefined && refusal.startedAt === waits.refusedStart;
			// The service's own waits count against what a request may wait; the windows' end by themselves.
			const serviceWait = decision.reason === 'blocked' || decision.reason === 'reset';
			if (serviceWait && waits.waitedMs + decision.waitMs > MAX_RATE_LIMIT_WAIT_MS) {
				const why = this.tooLongReason(MAX_RATE_LIMIT_WAIT_MS - waits.waitedMs, refusal);
				throw new RateLimitWaitTooLong(why, waits.waitedMs, decision.waitMs, own);
			}
			// Its own 429's wait is told whole, as the answer asked for it.
			const length = own ? refusal.until - refusal.at : decision.waitMs;
			if (!told && length >= LOGGED_WAIT_MS) {
				told = true;
				const why = own ? `${refusal.why}; it is sent again after the wait` : undefined;
				onLongWait?.(length, why ?? this.explain(decision.reason, endpoint));
			}
			// Waiting for an answer looks again as one arrives: in turns, the next request leaves at once.
			const answer = decision.reason === 'answers' ? [this.nextAnswer] : [];
			await Promise.race([sleep(decision.waitMs), ...answer]);
			if (serviceWait) waits.waitedMs += decision.waitMs;
		}
	}

	private apply(event: PacerEvent, now = Date.now()): void {
		this.state = step(this.state, event, now, this.frame);
	}

	private windowsOf(endpoint?: SlidingWindow, refusedStart?: number): Windows {
		const { shape } = this.frame;
		return { shape, general: this.windows, lateRetry: this.lateRetry, endpoint, refusedStart };
	}

	private explain(reason: Reason, endpoint?: Endpoint): string {
		const windows = this.windows.map((window) => window.rateLimit);
		const { state } = this;
		const share = endpoint && {
			...endpoint,
			share: endpointShare(state, this.frame.shape, Date.now(), endpoint.limit),
		};
		const { view, phase } = state;
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
		waits: RequestWaits,
		endpoint: SlidingWindow | undefined,
		periodic: boolean | undefined,
	): Release {
		const windows = [...this.windows, endpoint, this.lateRetry].filter((w) => w !== undefined);
		for (const window of windows) window.start();
		this.apply({ kind: 'start' }, now);
		let released = false;
		return (headers, status, body) => {
			if (released) return;
			released = true;
			const answeredAt = Date.now();
			for (const window of windows) window.finish(answeredAt);
			// The answered request leaves the backlog once its caller is done with it.
			const lastRequests = this.draining(answeredAt) ? this.backlog - 1 : undefined;
			const refusedBefore = waits.refused;
			const answer = { startedAt: now, headers, status, periodic, lastRequests };
			this.apply({ kind: 'answer', ...answer, body, refusedBefore }, answeredAt);
			// A 429 is the one way a refusal comes in (step.ts); its retry names it by this start.
			waits.refusedStart = status === 429 ? now : undefined;
			if (status === 429) waits.refused++;
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

	/** Why a wait is longer than a request may still wait (`maxWaitMs`): a 429's, or the reset. */
	private tooLongReason(maxWaitMs: number, refusal?: Refusal): string {
		if (refusal) return refusalTooLong(refusal, maxWaitMs);
		return resetTooLong(this.state.view, maxWaitMs);
	}
}
