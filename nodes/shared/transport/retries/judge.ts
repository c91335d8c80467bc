import type { IDataObject } from 'n8n-workflow';

import { MAX_RETRY_ATTEMPTS } from '../constants';
import {
	buildApiError,
	buildOutcomeUnknownApiError,
	buildTransportError,
	parseErrorBody,
} from '../errors/errors';
import { header } from '../headers';
import { backoffDelay } from './retryWaits';
import type { Answered, Outcome, Sending } from './sending';

/**
 * What an answer means (send.ts): done, retry (a 429, or a 5xx or unreadable answer of a request
 * safe to repeat), a redirect, or the error.
 */

export type ParsedBody = { ok: true; value: unknown } | { ok: false };

/** Bodies arrive as text when the service's JSON is broken; an empty body is a valid empty answer. */
export function parseBody(raw: unknown): ParsedBody {
	if (typeof raw !== 'string') return { ok: true, value: raw };
	if (raw.trim() === '') return { ok: true, value: {} };
	try {
		return { ok: true, value: JSON.parse(raw) as unknown };
	} catch {
		return { ok: false };
	}
}

/** A success answer the nodes can read: an object or a list. `null`, a number or a string is not one. */
function isReadableAnswer(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null;
}

/** Where a 3xx answer points, resolved against the URL that was asked; undefined without a usable Location. */
function redirectTarget(answered: Answered, from: string): URL | undefined {
	const location = header(answered.headers as IDataObject, 'location');
	if (location === undefined || location.trim() === '') return undefined;
	try {
		return new URL(location.trim(), from);
	} catch {
		return undefined;
	}
}

/** A failed attempt: another after a backoff when `repeatable` and tries are left, else the `final` error. */
export function failedAttempt(s: Sending, repeatable: boolean, final: () => Error): Outcome {
	s.failedAttempts++;
	if (repeatable && s.failedAttempts <= MAX_RETRY_ATTEMPTS)
		return { kind: 'retry', waitMs: backoffDelay(s.failedAttempts) };
	return { kind: 'fail', error: final() };
}

export function judge(s: Sending, answered: Answered, parsed: ParsedBody): Outcome {
	const node = s.context.getNode();
	const status = answered.statusCode;
	if (status >= 300 && status < 400) {
		const target = redirectTarget(answered, s.options.url);
		if (target !== undefined) return { kind: 'redirect', status, target };
	}
	const body = parsed.ok ? parsed.value : undefined;
	// Not processed, so repeating is safe for any method; its wait is the pacer's (refusal.ts).
	if (status === 429) return { kind: 'refused', details: parseErrorBody(status, body) };
	if (status >= 200 && status < 300) {
		if (parsed.ok && isReadableAnswer(parsed.value)) return { kind: 'done', answer: parsed.value };
		// Only the kind of value: a cut-off quote of the body could hold part of the token, which no mask finds.
		const what = parsed.ok
			? `${parsed.value === null ? 'null' : `a JSON ${typeof parsed.value}`} instead of a record`
			: 'a body that is not valid JSON';
		const reason = { sent: true, reason: `the service answered ${status} with ${what}` };
		return failedAttempt(s, s.safeToRepeat, () =>
			buildTransportError(node, reason, s.place, s.safeToRepeat, s.failedAttempts),
		);
	}
	const details = parseErrorBody(status, body);
	if (status >= 500)
		return failedAttempt(s, s.safeToRepeat, () =>
			// A documented service error (e.g. 503 SENDER_OFFLINE) is a definite refusal; anything else may have taken effect.
			!s.safeToRepeat && !details.errorCode
				? buildOutcomeUnknownApiError(node, details, s.place)
				: buildApiError(node, details, s.place),
		);
	return { kind: 'fail', error: buildApiError(node, details, s.place) };
}
