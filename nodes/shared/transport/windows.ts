import type { RateLimit } from './credentials';

/** Others' requests in a window, and when the oldest of them leaves it. */
export type OthersInWindow = { count: number; nextExpiry: number };

export const NO_OTHERS: OthersInWindow = { count: 0, nextExpiry: Infinity };

/**
 * One window's count of this process's requests: a slot is held from a request's start until a window
 * after its answer; the service counted it in between, so it never sees more than `limit` in a window.
 */
export class SlidingWindow {
	/** Started and not yet answered. */
	inFlight = 0;

	private finishedAt: number[] = [];

	constructor(readonly rateLimit: RateLimit) {}

	start(): void {
		this.inFlight++;
	}

	finish(now: number): void {
		this.inFlight--;
		this.finishedAt = this.finishedAt.filter((at) => at + this.rateLimit.windowMs > now);
		this.finishedAt.push(now);
	}

	/** Free slots beside the answered ones and `others` (at `limit`, default the window's), and when the next one frees. */
	room(
		now: number,
		others: OthersInWindow,
		limit = this.rateLimit.limit,
	): { free: number; nextExpiry: number } {
		const { windowMs } = this.rateLimit;
		const held = this.finishedAt.filter((at) => at + windowMs > now);
		return {
			free: limit - held.length - others.count,
			nextExpiry: Math.min(held.length > 0 ? held[0] + windowMs : Infinity, others.nextExpiry),
		};
	}
}
