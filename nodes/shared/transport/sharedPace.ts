import { PACE_CUT, PACE_FLOOR, PACE_RAISE, SHARED_PACE_FROM } from './tuning';

/**
 * How fast this process sends while three or more clients share the token: additive increase,
 * multiplicative decrease, as TCP shares a link (the count of clients alone has many unequal readings
 * from three on). The burst window, full or not when a request waits, is the signal every client sees
 * alike: all cut by one factor when it is full, so unequal paces draw together, and add the same while
 * it has room, refilling it in about one window. The window holds any excess either way.
 */
export class SharedPace {
	/** Requests per ms; undefined while fewer than three share the token. */
	private rate: number | undefined;
	private lastUpdate = 0;
	private lastCut = 0;
	private full = false;

	/** The least spacing any window allows (with the shared margin), and the burst window. */
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
