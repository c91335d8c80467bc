import type { IDataObject } from 'n8n-workflow';

/** Called with the answer's headers and status once it arrived (nothing when none did). */
export type Release = (headers?: IDataObject, status?: number) => void;

/** Client-side pacing: `acquire` waits for a slot; the returned function is called once the answer arrived. */
export interface Pacer {
	/** `maxWaitMs` bounds a wait for the service's reset; the windows' own waits end by themselves. */
	acquire(maxWaitMs: number): Promise<Release>;
	/** The service answered 429 (e.g. another workflow uses the same token): nobody sends until it allows. */
	blockFor(ms: number): void;
}
