import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalid } from '../validation';

/** One bound of a list's creation-day filter: its parameter, its label and the query field it fills. */
interface DayBound {
	key: string;
	label: string;
	field: 'date_from' | 'date_to';
}

/** A day as `YYYY-MM-DD`, from the editor's date picker (an ISO date-time) or an expression's date text. */
function readDay(this: IExecuteFunctions, itemIndex: number, bound: DayBound, value: unknown) {
	const text =
		typeof value === 'string'
			? value.trim()
			: value instanceof Date
				? value.toISOString()
				: String((value as { toISO?: () => string })?.toISO?.() ?? '');
	const day = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
	if (!day || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
		throw invalid.call(
			this,
			itemIndex,
			bound,
			`must be a date like 2026-01-31, got ${JSON.stringify(text)}`,
		);
	}
	return day;
}

/** The Created From filter: the same parameter and label in both lists. */
const FROM: DayBound = { key: 'dateFrom', label: 'Created From', field: 'date_from' };

/**
 * The `date_from` / `date_to` filters of the calls and leads lists (whole days, `YYYY-MM-DD`:
 * https://docs.famulor.de/en/api-reference/calls/list, https://docs.famulor.de/en/api-reference/leads/list),
 * each a day that exists and the second not before the first, so the service never sees a range it
 * refuses. `dateTo`'s label differs between the lists ("Created Until", "Created To").
 */
export function readDayRange(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
	toLabel: string,
): IDataObject {
	const to: DayBound = { key: 'dateTo', label: toLabel, field: 'date_to' };
	const qs: IDataObject = {};
	for (const bound of [FROM, to])
		if (filters[bound.key])
			qs[bound.field] = readDay.call(this, itemIndex, bound, filters[bound.key]);
	if (
		typeof qs.date_from === 'string' &&
		typeof qs.date_to === 'string' &&
		qs.date_to < qs.date_from
	)
		throw invalid.call(
			this,
			itemIndex,
			to,
			`must be on or after ${FROM.label} (${qs.date_from}), got ${qs.date_to}`,
		);
	return qs;
}
