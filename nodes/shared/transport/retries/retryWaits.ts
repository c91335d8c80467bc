import type { IDataObject } from 'n8n-workflow';

import { MAX_BACKOFF_DELAY_MS, RETRY_AFTER_UNIT_MS, RETRY_BASE_DELAY_MS } from '../constants';
import { header } from '../headers';
import { resetAtMs } from '../pacing/budgetView';

/** How long a retry waits: a backoff after a failure, or what a 429's answer asked for. */

/** Exponential backoff with full jitter: a random delay up to base·2^(attempt-1), capped. */
export function backoffDelay(attempt: number): number {
	const ceiling = Math.min(MAX_BACKOFF_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Seconds to wait after a 429: `Retry-After` header, else the body's `retry_after`. */
export function retryAfterMs(headers: IDataObject | undefined, body: unknown): number | undefined {
	const fromHeader = header(headers, 'retry-after');
	if (fromHeader !== undefined) {
		const seconds = Number(fromHeader);
		if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
		const date = Date.parse(fromHeader);
		if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
	}
	const fromBody = (body as IDataObject | undefined)?.retry_after;
	if (typeof fromBody === 'number' && fromBody >= 0) return fromBody * 1000;
	if (typeof fromBody === 'string' && Number.isFinite(Number(fromBody)))
		return Number(fromBody) * 1000;
	return undefined;
}

/**
 * A 429's wait: Retry-After, or its X-RateLimit-Reset (the refusing window's end) when sooner;
 * both are whole seconds rounded up, so the sooner is nearer that end, where a client alone
 * bursts again; never over a second sooner than Retry-After, whatever the clocks say.
 */
export function refusalWaitMs(headers: IDataObject | undefined, body: unknown): number | undefined {
	const asked = retryAfterMs(headers, body);
	const resetAt = resetAtMs(header(headers, 'x-ratelimit-reset'));
	if (asked === undefined || resetAt === undefined) return asked;
	return Math.min(asked, Math.max(asked - RETRY_AFTER_UNIT_MS, resetAt - Date.now()));
}

/** A 429's answer in words: what it asked for, so the log says where a wait came from. */
export function refusalWhy(headers: IDataObject | undefined, body: unknown): string {
	const said = [
		['Retry-After', header(headers, 'retry-after')],
		['retry_after', (body as IDataObject | undefined)?.retry_after],
		['X-RateLimit-Remaining', header(headers, 'x-ratelimit-remaining')],
		['X-RateLimit-Reset', header(headers, 'x-ratelimit-reset')],
	].filter(([, value]) => value !== undefined && value !== null);
	const answer = said.map(([name, value]) => `${name}: ${String(value)}`).join(', ');
	return `the service answered 429, not processed (${answer || 'no wait named'}); it is sent again after the wait`;
}
