/**
 * Records that settle once (a call ending, a document leaving `processing`): watched while they have
 * not settled, emitted once when they have, if they were watched or are new since the last poll.
 */
import type { IDataObject } from 'n8n-workflow';

import { settleVerdict } from '../decisions';
import { track, type WatchState } from '../state';

export interface SettleRules {
	settled(record: IDataObject): boolean;
	/** What a watched record remembers (e.g. the date it was created, its knowledge base). */
	remember(record: IDataObject): string;
}

/** Applies the verdicts to the records read, changing the state; returns the records that settled, oldest first. */
export function settle(
	records: IDataObject[],
	state: WatchState,
	phase: 'baseline' | 'watch',
	rules: SettleRules,
): IDataObject[] {
	const settled: IDataObject[] = [];
	let floor = state.floor;
	for (const record of records) {
		const id = Number(record.id);
		if (!Number.isFinite(id)) continue;
		floor = Math.max(floor, id);
		const key = String(id);
		const verdict =
			phase === 'baseline'
				? rules.settled(record)
					? 'forget'
					: 'watch'
				: settleVerdict({
						watched: key in state.tracked,
						isNew: id > state.floor,
						settled: rules.settled(record),
					});
		if (verdict === 'watch') {
			if (!(key in state.tracked)) track(state, key, rules.remember(record));
			continue;
		}
		delete state.tracked[key];
		if (verdict === 'emit') settled.push(record);
	}
	state.floor = floor;
	return settled.sort((a, b) => Number(a.id) - Number(b.id));
}

/** The lowest ID a poll needs to see again: the oldest watched record, or the first after the floor. */
export function neededFrom(state: WatchState): number {
	const watched = Object.keys(state.tracked).map(Number);
	return Math.min(state.floor + 1, ...watched);
}
