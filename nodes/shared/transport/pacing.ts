import { sleep, type IDataObject } from 'n8n-workflow';

import type { RateLimit } from './credentials';
import { header } from './headers';

/** How often a waiter looks again while every slot is taken by a request still in flight. */
const IN_FLIGHT_POLL_MS = 5;

/** Client-side pacing: `acquire` waits for a slot; the returned function is called with the answer's headers once it arrived. */
export interface Pacer {
	acquire(): Promise<(headers?: IDataObject) => void>;
	/** The service answered 429 (e.g. another workflow uses the same token): nobody sends until it allows. */
	blockFor(ms: number): void;
}

/**
 * At most `limit` requests in any `windowMs`. A slot is held from the moment a request starts until
 * `windowMs` after its answer arrived; since the server counted the request somewhere in between, the
 * server never sees more than `limit` requests in a window, whatever its own window alignment.
 * Shared by all executions in this n8n process.
 */
export class SlidingWindowPacer implements Pacer {
	private inFlight = 0;

	private readonly finishedAt: number[] = [];

	private blockedUntil = 0;

	constructor(private readonly rateLimit: RateLimit) {}

	async acquire(): Promise<() => void> {
		for (;;) {
			const now = Date.now();
			while (this.finishedAt.length > 0 && this.finishedAt[0] + this.rateLimit.windowMs <= now) {
				this.finishedAt.shift();
			}
			if (
				now >= this.blockedUntil &&
				this.inFlight + this.finishedAt.length < this.rateLimit.limit
			) {
				this.inFlight++;
				let released = false;
				return () => {
					if (released) return;
					released = true;
					this.inFlight--;
					this.finishedAt.push(Date.now());
				};
			}
			const nextFree =
				now < this.blockedUntil
					? this.blockedUntil - now
					: this.finishedAt.length > 0 && this.inFlight < this.rateLimit.limit
						? this.finishedAt[0] + this.rateLimit.windowMs - now
						: IN_FLIGHT_POLL_MS;
			await sleep(Math.max(1, nextFree));
		}
	}

	blockFor(ms: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, Date.now() + ms);
	}
}

function numericHeader(headers: IDataObject | undefined, name: string): number | undefined {
	const value = Number(header(headers, name) ?? NaN);
	return Number.isFinite(value) ? value : undefined;
}

/**
 * The service's own count of the account-wide limit, from `X-RateLimit-Remaining` and `X-RateLimit-Reset`
 * (https://docs.famulor.de/en/api-reference/authentication). Other clients of the same token use up
 * the same budget, so once the service says none is left, requests wait for the reset instead of
 * meeting a 429. The reset is read as Unix seconds (the documented sample) or, if small, as seconds from now.
 * Until the first answer arrives, one request goes alone: if another client has used the budget up,
 * one 429 says so instead of a whole burst of them.
 */
export class ServerBudgetPacer implements Pacer {
	private remaining: number | undefined;

	private resetAt = 0;

	/** Requests started since the last answer told the remaining budget. */
	private startedSinceCount = 0;

	/** While the first request is under way: settles when its answer (or failure) is in. */
	private firstAnswer: Promise<void> | undefined;

	private firstAnswered = false;

	async acquire(): Promise<(headers?: IDataObject) => void> {
		for (;;) {
			if (!this.firstAnswered) {
				if (this.firstAnswer) {
					await this.firstAnswer;
					continue;
				}
				return this.acquireFirst();
			}
			const now = Date.now();
			if (
				this.remaining === undefined ||
				now >= this.resetAt ||
				this.remaining - this.startedSinceCount > 0
			)
				break;
			await sleep(Math.max(1, this.resetAt - now));
		}
		this.startedSinceCount++;
		return (headers) => this.observe(headers);
	}

	private acquireFirst(): (headers?: IDataObject) => void {
		let answered!: () => void;
		this.firstAnswer = new Promise((resolve) => (answered = resolve));
		this.startedSinceCount++;
		return (headers) => {
			this.observe(headers);
			this.firstAnswered = true;
			answered();
		};
	}

	private observe(headers: IDataObject | undefined): void {
		const remaining = numericHeader(headers, 'x-ratelimit-remaining');
		const reset = numericHeader(headers, 'x-ratelimit-reset');
		if (remaining === undefined || reset === undefined) return;
		this.remaining = remaining;
		this.resetAt = reset > 1e9 ? reset * 1000 : Date.now() + reset * 1000;
		this.startedSinceCount = 0;
	}

	blockFor(ms: number): void {
		this.remaining = 0;
		this.startedSinceCount = 0;
		this.resetAt = Math.max(this.resetAt, Date.now() + ms);
	}
}

const pacers = new Map<string, Pacer>();

function shared<T extends Pacer>(key: string, create: () => T): T {
	let pacer = pacers.get(key) as T | undefined;
	if (!pacer) {
		pacer = create();
		pacers.set(key, pacer);
	}
	return pacer;
}

/** The pacer of one rate-limited endpoint of one token. */
export function pacerFor(key: string, rateLimit: RateLimit): SlidingWindowPacer {
	return shared(
		`${key}|${rateLimit.limit}/${rateLimit.windowMs}`,
		() => new SlidingWindowPacer(rateLimit),
	);
}

/** The pacers every request of one token passes: the service's own count, then each configured window. */
export function generalPacerFor(key: string, limits: RateLimit[]): Pacer[] {
	return [
		shared(`${key}|server-budget`, () => new ServerBudgetPacer()),
		...limits.map((limit) =>
			shared(
				`${key}|general|${limit.limit}/${limit.windowMs}`,
				() => new SlidingWindowPacer(limit),
			),
		),
	];
}
