import { PACE_CUT, PACE_FLOOR, PACE_RAISE, SHARED_PACE_FROM } from './tuning';

/**
 * How fast this process sends while three or more clients share the token: additive increase,
 * multiplicative decrease, as TCP shares a link. With two the count of clients has one reading both
 * agree on (each reads 2 only at half the requests); from three on many unequal splits read as
 * self-consistent (one spaced as one of ten reads ten while three others fill the rest as one of
 * three, three and four). The burst window, full or not when a request waits, is the signal: each
 * client cuts its pace by the same factor when it is full, so unequal paces draw together with every
 * cut, and each adds the same amount while it has room, so the clients together fill it again
 * within about one window whatever their number. The window holds what exceeds it either way, so
 * the pace spreads the room evenly; it does not guard the limit.
 */
export class SharedPace {
	/** Requests per ms; undefined while fewer than three share the token. */
	private rate: number | undefined;

	private lastUpdate = 0;

	private lastCut = 0;

	private full = false;

	/**
	 * @param fastestMs the least spacing any window allows (with the shared margin)
	 * @param windowMs the burst window, whose fullness is the signal
	 */
	constructor(
		private readonly fastestMs: number,
		private readonly windowMs: number,
	) {}

	/** The burst window had no room when a request of this process queued or left. */
	windowFull(): void {
		this.full = true;
	}

	/** At each answer, with the count of clients it gave. */
	update(now: number, clients: number): void {
		const full = this.full;
		this.full = false;
		const fastest = 1 / this.fastestMs;
		if (clients < SHARED_PACE_FROM) this.rate = undefined;
		else if (this.rate === undefined) this.rate = fastest / clients;
		// Raised for the time since the last answer, but a pause (the reset, no work) tells nothing of room.
		else if (!full)
			this.rate +=
				(PACE_RAISE * fastest * Math.min(now - this.lastUpdate, this.windowMs)) /
				(clients * this.windowMs);
		// At most one cut per window: the window stays full for a while after the cut that answered it.
		else if (now - this.lastCut >= this.windowMs) {
			this.rate *= PACE_CUT;
			this.lastCut = now;
		}
		if (this.rate !== undefined)
			this.rate = Math.min(fastest, Math.max(fastest * PACE_FLOOR, this.rate));
		this.lastUpdate = now;
	}

	/** The spacing between this process's requests, or undefined: spaced by the count of clients. */
	spacingMs(): number | undefined {
		return this.rate === undefined ? undefined : 1 / this.rate;
	}
}
