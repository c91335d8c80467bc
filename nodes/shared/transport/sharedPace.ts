/** A cut of the pace when the account's burst window was full: small, as the window holds the excess anyway. */
const CUT = 0.93;

/** What the clients together add to their pace per burst window while it has room (each adds its share). */
const RAISE = 0.15;

/** The slowest pace a client falls to: a twentieth of the fastest. */
const FLOOR = 1 / 20;

/**
 * How fast this process sends while three or more clients share the token: additive increase,
 * multiplicative decrease, as TCP shares a link. With two the count of clients has one reading
 * both agree on (each reads 2 only at half the requests); from three on many unequal splits read
 * as self-consistent (a client spaced as one of ten reads ten while three others fill the rest as
 * one of three, three and four), and the slow one ends up holding the last executions. The
 * account's burst window, full or not when a request queues or leaves, is meant as a signal every
 * client sees alike (bench case 7 shows it is not quite: a client that always has a request
 * waiting sees it full more often; docs/SCALING.md): each cuts its pace by the same factor when it
 * is full, so unequal paces draw together with every cut, and each adds the same amount while it
 * has room, so the clients together fill it again within about one window whatever their number.
 * The window holds what exceeds it either way (pacing.ts), so the pace is there to spread the room
 * evenly, not to guard the limit.
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
		if (clients < 3) this.rate = undefined;
		else if (this.rate === undefined) this.rate = fastest / clients;
		// Raised for the time since the last answer, but a pause (the reset, no work) tells nothing of room.
		else if (!full)
			this.rate +=
				(RAISE * fastest * Math.min(now - this.lastUpdate, this.windowMs)) /
				(clients * this.windowMs);
		// At most one cut per window: the window stays full for a while after the cut that answered it.
		else if (now - this.lastCut >= this.windowMs) {
			this.rate *= CUT;
			this.lastCut = now;
		}
		if (this.rate !== undefined)
			this.rate = Math.min(fastest, Math.max(fastest * FLOOR, this.rate));
		this.lastUpdate = now;
	}

	/** The spacing between this process's requests, or undefined: spaced by the count of clients. */
	spacingMs(): number | undefined {
		return this.rate === undefined ? undefined : 1 / this.rate;
	}
}
