import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { WatchState } from '../state';

/** What one poll found: the items to emit, and what kept it from reading everything. */
export interface PollOutcome {
	items: IDataObject[];
	/** A request that failed after some events were read: those are emitted, the rest waits. */
	failure?: Error;
	/** Pages or histories beyond the catch-up horizon were left for later polls. */
	beyondHorizon?: string;
}

/**
 * One event of the polling trigger. `poll` changes the working copy of the state only for what it
 * read in full (poll.ts commits it); `sample` reads the latest real event for Fetch Test Event.
 */
export interface PollEvent<Filters> {
	readFilters(ctx: IPollFunctions): Filters;
	poll(
		ctx: IPollFunctions,
		filters: Filters,
		state: WatchState,
		phase: 'baseline' | 'watch',
	): Promise<PollOutcome>;
	sample(ctx: IPollFunctions, filters: Filters): Promise<IDataObject | undefined>;
	/** Fetch Test Event's message when there is no such event yet. */
	noneYet: string;
}
