import { sleep } from 'n8n-workflow';

import type { RateLimit } from './credentials';

/** How often a waiter looks again while every slot is taken by a request still in flight. */
const IN_FLIGHT_POLL_MS = 5;

/**
 * Client-side pacing for one rate-limited endpoint of one token: at most `limit` requests in any
 * `windowMs`. A slot is held from the moment a request starts until `windowMs` after its answer
 * arrived; since the server counted the request somewhere in between, the server never sees more
 * than `limit` requests in a window, whatever its own window alignment. Shared by all executions
 * in this n8n process.
 */
export class SlidingWindowPacer {
	private inFlight = 0;

	private readonly finishedAt: number[] = [];

	private blockedUntil = 0;

	constructor(private readonly rateLimit: RateLimit) {}

	/** Waits for a free slot; returns the function that must be called once the answer arrived. */
	async acquire(): Promise<() => void> {
		for (;;) {
			const now = Date.now();
			while (this.finishedAt.length > 0 && this.finishedAt[0] + this.rateLimit.windowMs <= now) {
				this.finishedAt.shift();
			}
			if (now >= this.blockedUntil && this.inFlight + this.finishedAt.length < this.rateLimit.limit) {
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

	/** The service answered 429 (e.g. another workflow uses the same token): nobody sends until it allows. */
	blockFor(ms: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, Date.now() + ms);
	}
}

const pacers = new Map<string, SlidingWindowPacer>();

export function pacerFor(key: string, rateLimit: RateLimit): SlidingWindowPacer {
	const fullKey = `${key}|${rateLimit.limit}/${rateLimit.windowMs}`;
	let pacer = pacers.get(fullKey);
	if (!pacer) {
		pacer = new SlidingWindowPacer(rateLimit);
		pacers.set(fullKey, pacer);
	}
	return pacer;
}
