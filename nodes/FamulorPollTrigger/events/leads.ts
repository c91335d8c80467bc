/**
 * New Lead and Lead Status Changed, from the leads list
 * (https://docs.famulor.de/en/api-reference/leads/list). New leads are those above the highest ID
 * seen, read from the day before the newest lead seen; status changes compare each lead's status with
 * the one remembered, sweeping the list (of the chosen campaign) a few pages per poll.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { DATE_FROM_MARGIN_DAYS, MAX_TRACKED_RECORDS } from '../constants';
import { comparableTime, leadStatusChange } from '../decisions';
import { daysBefore, newestUpdate, optionalId, stringList, sweepBudget } from '../filters';
import { readSweep, scanNumberedList, type ListScan } from '../listing';
import { advanceSweep, firstSweep, forgettable, inFirstCycle } from '../sweep';
import { bound, track, type WatchState } from '../state';
import type { PollEvent } from './types';

export interface LeadFilters {
	campaignId?: number;
	statuses: string[];
}

const PATH = '/api/user/leads';

function readFilters(ctx: IPollFunctions): LeadFilters {
	return {
		campaignId: optionalId(ctx, 'campaignId', 'Campaign'),
		statuses: stringList(ctx, 'leadStatuses'),
	};
}

const campaignQuery = (filters: LeadFilters): IDataObject =>
	filters.campaignId === undefined ? {} : { campaign_id: filters.campaignId };

const wanted = (filters: LeadFilters, record: IDataObject): boolean =>
	filters.statuses.length === 0 || filters.statuses.includes(String(record.status));

const byId = (a: IDataObject, b: IDataObject): number => Number(a.id) - Number(b.id);

function raiseFloor(state: WatchState, records: IDataObject[]): void {
	for (const record of records) {
		const id = Number(record.id);
		if (id > state.floor) {
			state.floor = id;
			state.notes.floorDate = String(record.created_at ?? '').slice(0, 10);
		}
	}
}

const horizon = (scan: ListScan, phase: string): string | undefined =>
	scan.beyondHorizon && phase === 'watch'
		? `more leads than one poll reads (${scan.records.length})`
		: undefined;

export const newLead: PollEvent<LeadFilters> = {
	readFilters,
	async poll(ctx, filters, state, phase) {
		const since = state.notes.floorDate;
		const scan = await scanNumberedList(
			ctx,
			PATH,
			{
				...campaignQuery(filters),
				...(phase === 'watch' && since
					? { date_from: daysBefore(since, DATE_FROM_MARGIN_DAYS) }
					: {}),
			},
			phase === 'baseline' ? Number.POSITIVE_INFINITY : state.floor + 1,
		);
		const floor = state.floor;
		raiseFloor(state, scan.records);
		const items =
			phase === 'baseline'
				? []
				: scan.records
						.filter((record) => Number(record.id) > floor && wanted(filters, record))
						.sort(byId);
		return { items, beyondHorizon: horizon(scan, phase) };
	},
	async sample(ctx, filters) {
		const scan = await scanNumberedList(
			ctx,
			PATH,
			campaignQuery(filters),
			Number.POSITIVE_INFINITY,
		);
		return scan.records
			.filter((record) => wanted(filters, record))
			.sort(byId)
			.pop();
	},
	noneYet: 'No lead matching these filters exists yet. Create a lead, then fetch again.',
};

/**
 * Lead Status Changed sweeps the list (sweep.ts): each poll the first page and Pages Per Poll more,
 * so every lead is compared within a bounded number of polls, whatever the account's size.
 */
export const leadStatusChanged: PollEvent<LeadFilters> = {
	readFilters,
	async poll(ctx, filters, state, phase) {
		const list = { path: PATH, qs: campaignQuery(filters), paging: 'page' as const };
		const read = await readSweep(ctx, list, state.sweep, sweepBudget(ctx, phase, state.sweep));
		const mark = newestUpdate(read.records, state.mark);
		if (phase === 'baseline') state.sweep = firstSweep(read.step, mark);
		const { knownUntil } = state.sweep;
		// While the list is learnt, a lead above the floor may be one on a page not yet read: not new.
		const floor = inFirstCycle(state.sweep) ? Number.POSITIVE_INFINITY : state.floor;
		const items: IDataObject[] = [];
		const passed = new Set<string>();
		let remembered = Object.keys(state.tracked).length;
		for (const record of [...read.records].sort(byId)) {
			const id = String(record.id);
			const status = String(record.status);
			const updatedAt = comparableTime(record.updated_at);
			const known = state.tracked[id] as string | undefined;
			const isNew =
				Number(record.id) > floor ||
				(knownUntil !== '' && comparableTime(record.created_at) >= knownUntil);
			const change = leadStatusChange(known, { isNew, status, updatedAt }, knownUntil);
			if (phase === 'watch' && change.changed && wanted(filters, record))
				items.push({
					...record,
					previous_status: change.previous ?? null,
					...(change.previous === undefined ? { previous_status_unknown: true } : {}),
				});
			const mayForget = !change.changed && forgettable(updatedAt, knownUntil);
			if (mayForget) passed.add(id);
			if (known === undefined && mayForget && remembered >= MAX_TRACKED_RECORDS) continue;
			if (known === undefined) remembered++;
			if (known !== status) track(state, id, status);
		}
		raiseFloor(state, read.records);
		state.mark = mark;
		if (phase === 'watch') state.sweep = advanceSweep(state.sweep, read.step, mark);
		bound(state, MAX_TRACKED_RECORDS, passed);
		return { items };
	},
	async sample(ctx, filters) {
		const scan = await scanNumberedList(ctx, PATH, campaignQuery(filters), undefined);
		const latest = scan.records
			.filter((record) => wanted(filters, record))
			.sort((a, b) => comparableTime(a.updated_at).localeCompare(comparableTime(b.updated_at)))
			.pop();
		return latest && { ...latest, previous_status: null };
	},
	noneYet: 'No lead matching these filters exists yet. Create a lead, then fetch again.',
};
