import type { RateLimit } from '../credentials';

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

	/** Free slots beside the answered ones (at `limit`, default the window's), and when the next one frees. */
	room(now: number, limit = this.rateLimit.limit): { free: number; nextExpiry: number } {
		const { windowMs } = this.rateLimit;
		const held = this.finishedAt.filter((at) => at + windowMs > now);
		const nextExpiry = held.length > 0 ? held[0] + windowMs : Infinity;
		return { free: limit - held.length, nextExpiry };
	}
}
