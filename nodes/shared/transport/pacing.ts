import { sleep } from 'n8n-workflow';

import { AccountBudget } from './accountBudget';
import type { RateLimit } from './credentials';
import type { Pacer, Release } from './pacer';

/** How often a waiter looks again while every slot is taken by a request still in flight. */
const IN_FLIGHT_POLL_MS = 5;

/**
 * At most `limit` requests in any `windowMs`. A slot is held from the moment a request starts until
 * `windowMs` after its answer arrived; since the server counted the request somewhere in between, the
 * server never sees more than `limit` requests in a window, whatever its own window alignment.
 * Shared by all executions in this n8n process. With an account, the other clients' requests the
 * service's counts revealed take slots too (accountBudget.ts).
 */
export class SlidingWindowPacer implements Pacer {
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
		const { windowMs } = this.rateLimit;
		for (;;) {
			const now = Date.now();
			const limit = this.endpointOf?.endpointLimit(this.rateLimit) ?? this.rateLimit.limit;
			while (this.finishedAt.length > 0 && this.finishedAt[0] + windowMs <= now) {
				this.finishedAt.shift();
			}
			const others = this.account?.othersWithin(windowMs, now) ?? {
				count: 0,
				nextExpiry: Infinity,
			};
			const free = limit - this.finishedAt.length - others.count;
			const allowed = this.account ? this.account.unheardAllowed(free) : free;
			if (now >= this.blockedUntil && this.inFlight < allowed) {
				this.inFlight++;
				let released = false;
				return () => {
					if (released) return;
					released = true;
					this.inFlight--;
					this.finishedAt.push(Date.now());
				};
			}
			const nextExpiry = Math.min(
				this.finishedAt.length > 0 ? this.finishedAt[0] + windowMs : Infinity,
				others.nextExpiry,
			);
			// Until a slot expires or, when the slots it may use are all under way, until one is answered.
			const nextFree =
				now < this.blockedUntil
					? this.blockedUntil - now
					: nextExpiry !== Infinity && this.inFlight < Math.min(limit, allowed)
						? nextExpiry - now
						: IN_FLIGHT_POLL_MS;
			await sleep(Math.max(1, nextFree));
		}
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
			shared(
				`${key}|general|${limit.limit}/${limit.windowMs}|${windowsKey(limits)}`,
				() => new SlidingWindowPacer(limit, account),
			),
		),
		account,
	];
}
