/**
 * Call Ended: the calls list (https://docs.famulor.de/en/api-reference/calls/list) gives each call
 * as Call → Get does; a call is emitted once, when it has an end status and was seen before it ended
 * or is new since the last poll. The list is asked from the day before the oldest call still watched.
 */
import type { IDataObject } from 'n8n-workflow';

import { DATE_FROM_MARGIN_DAYS } from '../constants';
import { daysBefore, optionalId, stringList } from '../filters';
import { scanNumberedList } from '../listing';
import { bound, type WatchState } from '../state';
import { neededFrom, settle } from './settling';
import type { PollEvent } from './types';

/** Statuses of a call that has ended (https://docs.famulor.de/en/api-reference/calls/list). */
export const CALL_END_STATUSES = [
	'completed',
	'ended',
	'ended_by_customer',
	'ended_by_assistant',
	'busy',
	'no-answer',
	'failed',
];

export interface CallFilters {
	assistantId?: number;
	campaignId?: number;
	direction: string;
	statuses: string[];
}

const PATH = '/api/user/calls';
const dateOf = (record: IDataObject): string => String(record.created_at ?? '').slice(0, 10);
const ended = (record: IDataObject): boolean => CALL_END_STATUSES.includes(String(record.status));

function listQuery(filters: CallFilters): IDataObject {
	return {
		...(filters.assistantId === undefined ? {} : { assistant_id: filters.assistantId }),
		...(filters.campaignId === undefined ? {} : { campaign_id: filters.campaignId }),
		...(filters.direction === '' ? {} : { type: filters.direction }),
	};
}

const wanted = (filters: CallFilters, record: IDataObject): boolean =>
	filters.statuses.length === 0 || filters.statuses.includes(String(record.status));

/**
 * The `date_from` of the next poll: the day before the oldest call watched or the newest call
 * seen, in the service's dates.
 */
function rememberSince(state: WatchState, records: IDataObject[]): void {
	const floorRecord = records.find((record) => Number(record.id) === state.floor);
	if (floorRecord) state.notes.floorDate = dateOf(floorRecord);
	const dates = [...Object.values(state.tracked).map(String), state.notes.floorDate ?? '']
		.filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))
		.sort();
	if (dates.length > 0) state.notes.since = daysBefore(dates[0], DATE_FROM_MARGIN_DAYS);
}

export const callEnded: PollEvent<CallFilters> = {
	readFilters(ctx) {
		return {
			assistantId: optionalId(ctx, 'assistantId', 'Assistant'),
			campaignId: optionalId(ctx, 'campaignId', 'Campaign'),
			direction: ctx.getNodeParameter('direction', '') as string,
			statuses: stringList(ctx, 'callStatuses'),
		};
	},
	async poll(ctx, filters, state, phase) {
		// The first poll reads the whole list (up to the horizon): calls still running may be anywhere in it.
		const since = phase === 'baseline' ? undefined : state.notes.since;
		const scan = await scanNumberedList(
			ctx,
			PATH,
			{ ...listQuery(filters), ...(since === undefined ? {} : { date_from: since }) },
			phase === 'baseline' ? undefined : neededFrom(state),
		);
		const settled = settle(scan.records, state, phase, { settled: ended, remember: dateOf });
		bound(state);
		rememberSince(state, scan.records);
		return {
			items: settled.filter((record) => wanted(filters, record)),
			beyondHorizon:
				scan.beyondHorizon && phase === 'watch'
					? `more calls than one poll reads (${scan.records.length})`
					: undefined,
		};
	},
	async sample(ctx, filters) {
		const scan = await scanNumberedList(ctx, PATH, listQuery(filters), Number.POSITIVE_INFINITY);
		return scan.records
			.filter((record) => ended(record) && wanted(filters, record))
			.sort((a, b) => Number(b.id) - Number(a.id))[0];
	},
	noneYet: 'No call matching these filters has ended yet. Make a call, then fetch again.',
};
