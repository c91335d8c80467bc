import { sleep } from 'n8n-workflow';

import { AccountBudget } from './accountBudget';
import type { RateLimit } from './credentials';
import type { DepartureCheck, Pacer, Release } from './pacer';

/** How often a waiter looks again while every slot is taken by a request still in flight. */
const IN_FLIGHT_POLL_MS = 5;

/**
 * At most `limit` requests in any `windowMs`. A slot is held from the moment a request starts until
 * `windowMs` after its answer arrived; since the server counted the request somewhere in between, the
 * server never sees more than `limit` requests in a window, whatever its own window alignment.
 * Shared by all executions in this n8n process. With an account, the other clients' requests the
 * service's counts revealed take slots too (accountBudget.ts).
 */
export class SlidingWindowPacer implements Pacer, DepartureCheck {
	private inFlight = 0;

	private readonly finishedAt: number[] = [];

	private blockedUntil = 0;

	constructor(
		private readonly rateLimit: RateLimit,
		private readonly account?: AccountBudget,
		/** For an endpoint's window: the token's account, whose learning halves the window. */
		private readonly endpointOf?: AccountBudget,
	) {}

	async acquire(): Promise<Release> {
		for (;;) {
			const now = Date.now();
			const limit = this.endpointOf?.endpointLimit(this.rateLimit) ?? this.rateLimit.limit;
			const room = this.room(now, limit, this.inFlight);
			if (now >= this.blockedUntil && room.allowed) {
				this.inFlight++;
				let released = false;
				return () => {
					if (released) return;
					released = true;
					this.inFlight--;
					this.finishedAt.push(Date.now());
				};
			}
			// Until a slot expires or, when the slots it may use are all under way, until one is answered.
			const nextFree =
				now < this.blockedUntil
					? this.blockedUntil - now
					: room.nextExpiry !== Infinity && this.inFlight < Math.min(limit, room.share)
						? room.nextExpiry - now
						: IN_FLIGHT_POLL_MS;
			await sleep(Math.max(1, nextFree));
		}
	}

	departureWait(now: number, underWay: number): number {
		const room = this.room(now, this.rateLimit.limit, underWay);
		if (room.allowed) return 0;
		// A slot frees when the oldest request leaves the window, unless this process's own unanswered ones hold it.
		return room.nextExpiry !== Infinity && underWay < Math.max(1, room.share)
			? Math.max(1, room.nextExpiry - now)
			: IN_FLIGHT_POLL_MS;
	}

	/**
	 * Whether one more request fits beside `underWay` unanswered ones: this process's answered requests
	 * of the window and the others' the account knows of take slots, and of the rest it may have its
	 * share under way (unheardAllowed); `nextExpiry` is when the oldest of them leaves the window. The
	 * window the service reports counts as the service does until its reset (reportedRoom).
	 */
	private room(
		now: number,
		limit: number,
		underWay: number,
	): { allowed: boolean; share: number; nextExpiry: number } {
		const { windowMs } = this.rateLimit;
		while (this.finishedAt.length > 0 && this.finishedAt[0] + windowMs <= now) {
			this.finishedAt.shift();
		}
		const reported = this.account?.reportedRoom(this.rateLimit, now);
		if (this.account && reported) {
			const share = this.account.unheardAllowed(reported.free);
			return { allowed: underWay < share, share, nextExpiry: reported.resetAt };
		}
		const others = this.account?.othersWithin(windowMs, now) ?? {
			count: 0,
			nextExpiry: Infinity,
		};
		const free = limit - this.finishedAt.length - others.count;
		// No room left: the signal the clients sharing the token pace by (sharedPace.ts).
		if (free <= 0) this.account?.windowFull(windowMs);
		const share = this.account ? this.account.unheardAllowed(free) : free;
		const nextExpiry = Math.min(
			this.finishedAt.length > 0 ? this.finishedAt[0] + windowMs : Infinity,
			others.nextExpiry,
		);
		return { allowed: underWay < share, share, nextExpiry };
	}

	blockFor(ms: number): void {
		this.blockedUntil = Math.max(this.blockedUntil, Date.now() + ms);
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

const windowsKey = (limits: readonly RateLimit[]) =>
	limits.map((limit) => `${limit.limit}/${limit.windowMs}`).join(',');

/** What the service's headers tell this process about the other clients of one token (accountBudget.ts). */
function accountFor(key: string, limits: RateLimit[]): AccountBudget {
	return shared(`${key}|account|${windowsKey(limits)}`, () => new AccountBudget(limits));
}

/**
 * Counts one request of this process on the token from when it asks to be sent until it is done;
 * returns the function that ends it. The account reads the backlog's draining as the end of a run
 * (AccountBudget.runningOutOfWork): most requests wait at a window before they reach it.
 */
export function enterBacklog(key: string, limits: RateLimit[]): () => void {
	return accountFor(key, limits).enterBacklog();
}

/**
 * The pacer of one rate-limited endpoint (`endpoint`, e.g. sendFreeform) of one token (`tokenKey`).
 * The service reports no budget for these, so the window counts this process's requests only; while
 * the token's account is still learning whether others share the token, half of it (endpointLimit).
 */
export function endpointPacerFor(
	tokenKey: string,
	endpoint: string,
	rateLimit: RateLimit,
	generalLimits: RateLimit[],
): SlidingWindowPacer {
	return shared(
		`${tokenKey}|${endpoint}|${rateLimit.limit}/${rateLimit.windowMs}|${windowsKey(generalLimits)}`,
		() => new SlidingWindowPacer(rateLimit, undefined, accountFor(tokenKey, generalLimits)),
	);
}

/**
 * The pacers every request of one token passes: each configured window, then the service's own count.
 * The account comes last, so its even spacing of a shared token applies to requests as they leave,
 * not before they queue for a window (which would let them go together when it frees).
 */
export function generalPacerFor(key: string, limits: RateLimit[]): Pacer[] {
	const account = accountFor(key, limits);
	return [
		...limits.map((limit) =>
			shared(`${key}|general|${limit.limit}/${limit.windowMs}|${windowsKey(limits)}`, () => {
				const window = new SlidingWindowPacer(limit, account);
				account.checkOnDeparture(window);
				return window;
			}),
		),
		account,
	];
}
