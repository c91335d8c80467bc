import type { IDataObject } from 'n8n-workflow';

import { MAX_RATE_LIMIT_WAIT_MS, MIN_RATE_LIMIT_WAIT_MS, RETRY_AFTER_UNIT_MS } from '../constants';
import { header } from '../headers';
import { backoffCeiling } from '../retries/retryWaits';
import { burstOf, resetAtMs, type Shape } from './budgetView';
import { turnEnd } from './burstTurn';
import type { PacerState, Refusal } from './state';

/**
 * A 429 as the pacer takes it (step.ts): the request was not processed, so it is sent again, for
 * any method, after the wait its answer asked for; the others of the token wait too, unless the
 * refusal filled their turn's window or asks for more than a request may wait.
 */

/** A 429's answer as its request's release hands it over (send.ts). */
interface RefusedAnswer {
	startedAt: number;
	headers?: IDataObject;
	body?: unknown;
	/** Its request's 429s before this one: a backoff when the answer names no wait. */
	refusedBefore?: number;
}

/** Seconds to wait after a 429 answered at `now`: `Retry-After` header, else the body's `retry_after`. */
function retryAfterMs(headers: IDataObject | undefined, body: unknown, now: number) {
	const fromHeader = header(headers, 'retry-after');
	if (fromHeader !== undefined) {
		const seconds = Number(fromHeader);
		if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
		const date = Date.parse(fromHeader);
		if (!Number.isNaN(date)) return Math.max(0, date - now);
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
function refusalWaitMs(headers: IDataObject | undefined, body: unknown, now: number) {
	const asked = retryAfterMs(headers, body, now);
	const resetAt = resetAtMs(header(headers, 'x-ratelimit-reset'));
	if (asked === undefined || resetAt === undefined) return asked;
	return Math.min(asked, Math.max(asked - RETRY_AFTER_UNIT_MS, resetAt - now));
}

/** A 429's answer in words: what it asked for, so the log says where a wait came from. */
function refusalWhy(headers: IDataObject | undefined, body: unknown): string {
	const said = [
		['Retry-After', header(headers, 'retry-after')],
		['retry_after', (body as IDataObject | undefined)?.retry_after],
		['X-RateLimit-Remaining', header(headers, 'x-ratelimit-remaining')],
		['X-RateLimit-Reset', header(headers, 'x-ratelimit-reset')],
	].filter(([, value]) => value !== undefined && value !== null);
	const answer = said.map(([name, value]) => `${name}: ${String(value)}`).join(', ');
	return `the service answered 429, not processed (${answer || 'no wait named'})`;
}

/**
 * The refusal a 429 answered at `now` makes, in `state` (its answer already taken). The floor keeps
 * a `Retry-After: 0` from spinning; an answer that names no wait gets a backoff.
 */
export function refusalOf(state: PacerState, a: RefusedAnswer, now: number, shape: Shape): Refusal {
	const asked = refusalWaitMs(a.headers, a.body, now);
	const waitMs = Math.max(
		MIN_RATE_LIMIT_WAIT_MS,
		asked ?? backoffCeiling((a.refusedBefore ?? 0) + 1),
	);
	// Taking turns, the refusal filled its window (answered): the others wait for the next turn,
	// which its numbers place more closely than the whole seconds of the wait.
	const { phase, view } = state;
	const turns = phase.name === 'turns' || phase.name === 'finishing';
	const inTurn = turns && view.turn !== undefined && now < turnEnd(burstOf(shape), view.turn);
	// Longer than a request may wait: its request fails (accountBudget.ts), the others ask for themselves.
	const holdsAll = !inTurn && waitMs <= MAX_RATE_LIMIT_WAIT_MS;
	const why = refusalWhy(a.headers, a.body);
	return { startedAt: a.startedAt, at: now, until: now + waitMs, holdsAll, why };
}

/**
 * The refusal that holds a request now, the latest to end: its own (its attempt started at
 * `refusedStart`), or one that holds all.
 */
export function holdingRefusal(
	refusals: readonly Refusal[],
	now: number,
	refusedStart?: number,
): Refusal | undefined {
	const holding = refusals.filter(
		(r) => r.until > now && (r.holdsAll || r.startedAt === refusedStart),
	);
	return holding.reduce<Refusal | undefined>(
		(latest, r) => (latest && latest.until >= r.until ? latest : r),
		undefined,
	);
}
