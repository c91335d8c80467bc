import type { IDataObject } from 'n8n-workflow';

/** What every pacer offers (pacing.ts windows, accountBudget.ts's account share); a file of its own so both import it downwards. */

/** Called with the answer's headers and status once it arrived (nothing when none did). */
export type Release = (headers?: IDataObject, status?: number) => void;

/** Client-side pacing: `acquire` waits for a slot; the returned function is called once the answer arrived. */
export interface Pacer {
	/** `maxWaitMs` bounds a wait the service's headers ask for (AccountBudget); the windows' own waits end by themselves. */
	acquire(maxWaitMs: number): Promise<Release>;
	/** The service answered 429 (e.g. another workflow uses the same token): nobody sends until it allows. */
	blockFor(ms: number): void;
}

/**
 * A window the account checks again as a request leaves (accountBudget.ts): a request takes its
 * window slot when it queues, but the other clients' requests counted meanwhile only show when it
 * leaves, seconds later while the account spaces the requests out.
 */
export interface DepartureCheck {
	/** 0 when one more of this process's requests may leave now with `underWay` unanswered; else how long to wait. */
	departureWait(now: number, underWay: number): number;
}
