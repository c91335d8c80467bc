/** The polling trigger's filters as they read from its parameters (properties.ts). */
import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import {
	DEFAULT_PAGES_PER_POLL,
	FIRST_CYCLE_PAGES_PER_POLL,
	FIRST_POLL_MAX_PAGES,
	MAX_SWEEP_PAGES_PER_POLL,
} from './constants';
import { comparableTime } from './decisions';
import { inFirstCycle, type SweepState } from './sweep';

/** A resource locator's ID, or undefined when left empty (an optional filter). */
export function optionalId(ctx: IPollFunctions, name: string, label: string): number | undefined {
	const value = ctx.getNodeParameter(name, '', { extractValue: true }) as unknown;
	if (value === '' || value === undefined || value === null) return undefined;
	const id = Number(value);
	if (!Number.isInteger(id) || id < 1)
		throw new NodeOperationError(
			ctx.getNode(),
			`${label}: enter a numeric ID (e.g. 42), or leave it empty for every ${label.toLowerCase()}; got "${String(value)}"`,
		);
	return id;
}

export function stringList(ctx: IPollFunctions, name: string): string[] {
	const value = ctx.getNodeParameter(name, []) as unknown;
	return Array.isArray(value) ? value.map(String) : [];
}

/** The date `days` before a `YYYY-MM-DD` date, as `YYYY-MM-DD`. */
export function daysBefore(date: string, days: number): string {
	return new Date(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) - days * 86_400_000)
		.toISOString()
		.slice(0, 10);
}

/**
 * Pages Per Poll: the older pages a sweep reads per poll (sweep.ts). Not a filter: changing it keeps
 * what the trigger remembers.
 */
export function pagesPerPoll(ctx: IPollFunctions): number {
	const value = ctx.getNodeParameter('pagesPerPoll', DEFAULT_PAGES_PER_POLL) as unknown;
	const pages = Number(value);
	if (!Number.isInteger(pages) || pages < 1 || pages > MAX_SWEEP_PAGES_PER_POLL)
		throw new NodeOperationError(
			ctx.getNode(),
			`Pages Per Poll: enter a whole number from 1 to ${MAX_SWEEP_PAGES_PER_POLL}; got "${String(value)}"`,
		);
	return pages;
}

/**
 * The older pages this poll's sweep reads: Pages Per Poll, or while the list is learnt (sweep.ts,
 * FIRST_CYCLE) the first poll's budget and the first cycle's.
 */
export function sweepBudget(
	ctx: IPollFunctions,
	phase: 'baseline' | 'watch',
	sweep: SweepState,
): number {
	if (phase === 'baseline') return FIRST_POLL_MAX_PAGES - 1;
	return inFirstCycle(sweep) ? FIRST_CYCLE_PAGES_PER_POLL : pagesPerPoll(ctx);
}

/** The newest `updated_at` of the records and `since`, as comparable text. */
export function newestUpdate(records: IDataObject[], since: string): string {
	let newest = since;
	for (const record of records) {
		const time = comparableTime(record.updated_at);
		if (time > newest) newest = time;
	}
	return newest;
}
