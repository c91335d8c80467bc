/**
 * The age of a signed read receipt. Its `timestamp` is "ISO 8601 … in the WhatsApp number owner's
 * configured timezone", e.g. `2026-06-08T09:30:02+00:00`
 * (https://docs.famulor.de/en/api-reference/webhooks/read-receipts). It is covered by the signature,
 * so a receipt replayed later still carries its original time and can be refused.
 */
import { RECEIPT_TOLERANCE_MS } from './dedupe';

/**
 * ISO 8601 date and time with a zone: `T` or a space between them, seconds and fractions optional,
 * zone `Z`, `±HH:MM`, `±HHMM` or `±HH`. A time without a zone cannot be placed (the owner's zone is
 * not known here), so it is not accepted.
 */
const ISO_WITH_ZONE =
	/^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(?:([Zz])|([+-])(\d{2}):?(\d{2})?)$/;

/**
 * Epoch milliseconds of an ISO 8601 time with a zone, or of Unix seconds / milliseconds given as
 * a number; undefined otherwise.
 */
export function parseReceiptTime(value: unknown): number | undefined {
	if (typeof value === 'number') {
		if (!Number.isFinite(value) || value <= 0) return undefined;
		// Below 10^11 it can only be seconds (10^11 ms is 1973).
		return value < 1e11 ? value * 1000 : value;
	}
	if (typeof value !== 'string') return undefined;
	const match = ISO_WITH_ZONE.exec(value.trim());
	if (!match) return undefined;
	const [, date, hoursMinutes, seconds, fraction, utc, sign, zoneHours, zoneMinutes] = match;
	const milliseconds = (fraction ?? '').padEnd(3, '0').slice(0, 3);
	const zone = utc ? 'Z' : `${sign}${zoneHours}:${zoneMinutes ?? '00'}`;
	const time = Date.parse(`${date}T${hoursMinutes}:${seconds ?? '00'}.${milliseconds}${zone}`);
	return Number.isNaN(time) ? undefined : time;
}

/** Why a receipt is refused as stale, or undefined when its timestamp is within the tolerance of `now`. */
export function staleReceipt(body: { timestamp?: unknown }, now: number): string | undefined {
	const minutes = RECEIPT_TOLERANCE_MS / 60_000;
	const time = parseReceiptTime(body.timestamp);
	if (time === undefined)
		return 'Unauthorized: the read receipt has no timestamp in ISO 8601 with a time zone, so its age cannot be checked';
	if (Math.abs(now - time) > RECEIPT_TOLERANCE_MS)
		return `Unauthorized: the read receipt's timestamp ${String(body.timestamp).slice(0, 40)} is more than ${minutes} minutes from now (a replayed or delayed delivery)`;
	return undefined;
}
