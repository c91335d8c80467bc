/** The query of GET /api/user/calls (https://docs.famulor.de/en/api-reference/calls/list): checked, then a predicate. */
import { type Call, CALL_STATUSES } from '../../model/calls';
import { addError, Errors, hasErrors, intParam, perPageParam } from '../../domain/validation';

type Query = Record<string, string | undefined>;

export interface CallListFilter {
	matches(c: Call): boolean;
	page: number;
	perPage: number;
}

const CALL_TYPES = ['inbound', 'outbound', 'web'];
const DAY_MS = 86_400_000;

/** Start of a `YYYY-MM-DD` day in UTC, NaN when the text is not a real date in that format. */
function dayStart(text: string): number {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return NaN;
	const ms = Date.parse(`${text}T00:00:00Z`);
	return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? NaN : ms;
}

function intFilter(errors: Errors, field: string, text: string | undefined): number | undefined {
	const n = intParam(text);
	if (n !== undefined && Number.isNaN(n))
		addError(errors, field, `The ${field.replace(/_/g, ' ')} must be an integer.`);
	return n;
}

function dateFilter(errors: Errors, field: string, text: string | undefined): number | undefined {
	if (text === undefined || text === '') return undefined;
	const ms = dayStart(text);
	if (Number.isNaN(ms))
		addError(errors, field, `The ${field.replace(/_/g, ' ')} does not match the format Y-m-d.`);
	return ms;
}

/**
 * Every documented filter. Silent in the docs, decided here: `phone_number` matches part of the client's
 * number, date bounds are whole UTC days and both inclusive, `date_to` before `date_from` is a 422.
 */
export function callListFilter(q: Query): CallListFilter | { errors: Errors } {
	const errors: Errors = {};
	const { status, type } = q;
	if (status !== undefined && !(CALL_STATUSES as readonly string[]).includes(status))
		addError(errors, 'status', 'The selected status is invalid.');
	if (type !== undefined && !CALL_TYPES.includes(type))
		addError(errors, 'type', 'The selected type is invalid.');
	const assistantId = intFilter(errors, 'assistant_id', q.assistant_id);
	const campaignId = intFilter(errors, 'campaign_id', q.campaign_id);
	const from = dateFilter(errors, 'date_from', q.date_from);
	const to = dateFilter(errors, 'date_to', q.date_to);
	if (
		from !== undefined &&
		to !== undefined &&
		!Number.isNaN(from) &&
		!Number.isNaN(to) &&
		to < from
	) {
		addError(errors, 'date_to', 'The date to must be a date after or equal to date from.');
	}
	const perPage = perPageParam(errors, q.per_page);
	const page = intFilter(errors, 'page', q.page);
	if (page !== undefined && page < 1) addError(errors, 'page', 'The page must be at least 1.');
	if (hasErrors(errors)) return { errors };
	const phone = q.phone_number?.trim();
	return {
		page: page ?? 1,
		perPage: perPage ?? 15,
		matches: (c) =>
			(status === undefined || c.status === status) &&
			(type === undefined || c.type === type) &&
			(assistantId === undefined || c.assistant_id === assistantId) &&
			(campaignId === undefined || c.campaign?.id === campaignId) &&
			(!phone || (c.customer_phone ?? '').includes(phone)) &&
			(from === undefined || c.created_at >= from) &&
			(to === undefined || c.created_at < to + DAY_MS),
	};
}
