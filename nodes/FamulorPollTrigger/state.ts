/**
 * What the polling trigger remembers between polls, in the node's static data (n8n saves it after a
 * poll that emits, and keeps it across restarts, unpublishing and publishing). A poll works on a copy
 * and the copy replaces the stored state only when the poll returns (poll.ts), so a poll that throws
 * leaves the state where the last emitted events left it.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_TRACKED_RECORDS } from './constants';
import { freshSweep, type SweepState } from './sweep';

/** The remembered state of one trigger node. */
export interface WatchState {
	/** The event and filters this state was made for; another key starts over with a quiet poll. */
	key: string;
	/** Highest numeric ID seen (calls, leads, documents): higher ones are new. */
	floor: number;
	/** Newest `updated_at` seen (conversations, leads), as comparable text (decisions.ts). */
	mark: string;
	/** Where the sweep of the conversations or leads list stands (sweep.ts). */
	sweep: SweepState;
	/**
	 * Records still watched, by ID: a conversation's message count, a call's or document's status while
	 * it has not ended, a lead's status. Last changed last; about MAX_TRACKED_RECORDS (bound below).
	 */
	tracked: Record<string, number | string>;
	/** Facts read once per state, e.g. the chosen WhatsApp sender's phone number. */
	notes: Record<string, string>;
}

/**
 * The named states of a poll: `sample` is Fetch Test Event (reads, changes nothing), `baseline` the
 * first poll for this event and these filters (remembers the present, emits nothing), `watch` every
 * later poll (emits what changed since).
 */
export type PollPhase = 'sample' | 'baseline' | 'watch';

const STATE_KEY = 'famulorPoll';

export function pollPhase(manual: boolean, stored: WatchState | undefined, key: string): PollPhase {
	if (manual) return 'sample';
	return stored?.key === key ? 'watch' : 'baseline';
}

export function emptyState(key: string): WatchState {
	return { key, floor: 0, mark: '', sweep: freshSweep(''), tracked: {}, notes: {} };
}

export function readState(staticData: IDataObject): WatchState | undefined {
	const stored = staticData[STATE_KEY] as WatchState | undefined;
	if (!stored || typeof stored !== 'object' || typeof stored.key !== 'string') return undefined;
	// A state from before the sweep: everything it did not remember was known up to its mark.
	return stored.sweep ? stored : { ...stored, sweep: freshSweep(stored.mark ?? '') };
}

export function writeState(staticData: IDataObject, state: WatchState): void {
	staticData[STATE_KEY] = state as unknown as IDataObject;
}

/** A working copy: the stored state is not touched until the poll commits. */
export function copyState(state: WatchState): WatchState {
	return {
		...state,
		sweep: { ...state.sweep },
		tracked: { ...state.tracked },
		notes: { ...state.notes },
	};
}

/** Remembers a record's version as the newest (a re-insert moves it to the end). */
export function track(state: WatchState, id: string, version: number | string): void {
	delete state.tracked[id];
	state.tracked[id] = version;
}

/**
 * Drops the oldest remembered records beyond the bound, or, given `forgettable`, only those of them
 * (a sweep's records it may forget, sweep.ts). Numeric IDs iterate in ascending order (the oldest
 * records first); UUIDs in the order they were last changed.
 */
export function bound(
	state: WatchState,
	max = MAX_TRACKED_RECORDS,
	forgettable?: ReadonlySet<string>,
): number {
	let excess = Object.keys(state.tracked).length - max;
	let dropped = 0;
	for (const id of Object.keys(state.tracked)) {
		if (excess <= 0) break;
		if (forgettable && !forgettable.has(id)) continue;
		delete state.tracked[id];
		excess--;
		dropped++;
	}
	return dropped;
}
