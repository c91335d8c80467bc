import { NodeOperationError, sleep, type IDataObject, type IHttpRequestOptions, type IN8nHttpFullResponse } from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	MAX_BACKOFF_DELAY_MS,
	MAX_RATE_LIMIT_WAIT_MS,
	MAX_RETRY_ATTEMPTS,
	MIN_RATE_LIMIT_WAIT_MS,
	RETRY_BASE_DELAY_MS,
} from './constants';
import { resolveCredentials, type ResolvedCredentials } from './credentials';
import { buildApiError, buildOutcomeUnknownApiError, buildTransportError, parseErrorBody, type ErrorPlace } from './errors';
import { pacerFor, type SlidingWindowPacer } from './pacing';
import type { FamulorRequest, FamulorRequestContext } from './types';

/**
 * Credentials resolved once per n8n context (one node execution), not once per request: reading
 * them means decrypting them in n8n, and a run of many items would do it for every item.
 */
const credentialsByContext = new WeakMap<object, ResolvedCredentials>();

async function credentialsOf(this: FamulorRequestContext): Promise<ResolvedCredentials> {
	const cached = credentialsByContext.get(this);
	if (cached) return cached;
	const resolved = await resolveCredentials.call(this);
	credentialsByContext.set(this, resolved);
	return resolved;
}

/** Exponential backoff with full jitter: a random delay up to base·2^(attempt-1), capped. */
export function backoffDelay(attempt: number): number {
	const ceiling = Math.min(MAX_BACKOFF_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

function header(headers: IDataObject | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
	return entry === undefined ? undefined : String(entry[1]);
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
	if (typeof fromBody === 'string' && Number.isFinite(Number(fromBody))) return Number(fromBody) * 1000;
	return undefined;
}

type ParsedBody = { ok: true; value: unknown } | { ok: false };

/** Bodies arrive as text when the service's JSON is broken; an empty body is a valid empty answer. */
function parseBody(raw: unknown): ParsedBody {
	if (typeof raw !== 'string') return { ok: true, value: raw };
	if (raw.trim() === '') return { ok: true, value: {} };
	try {
		return { ok: true, value: JSON.parse(raw) as unknown };
	} catch {
		return { ok: false };
	}
}

function networkReason(error: unknown): string {
	const candidates = [error, (error as { cause?: unknown })?.cause];
	for (const candidate of candidates) {
		const code = (candidate as { code?: unknown })?.code;
		if (typeof code === 'string' && code !== '') {
			const meaning: Record<string, string> = {
				ECONNRESET: 'the connection was reset',
				ECONNREFUSED: 'the connection was refused',
				ECONNABORTED: 'no answer before the timeout',
				ETIMEDOUT: 'no answer before the timeout',
				ENOTFOUND: 'the host name could not be resolved',
				EPIPE: 'the connection was closed while sending',
			};
			return `${meaning[code] ?? 'network error'} (${code})`;
		}
	}
	const message = (error as { message?: unknown })?.message;
	return typeof message === 'string' && message !== '' ? message : 'network error';
}

function isAborted(error: unknown): boolean {
	const names = [error, (error as { cause?: unknown })?.cause].map((candidate) => (candidate as { name?: unknown })?.name);
	return names.includes('AbortError') || names.includes('CanceledError');
}

/**
 * The one place requests to the service are built and sent: base URL from the credential, bearer
 * auth through `httpRequestWithAuthentication`, pacing of rate-limited endpoints, retries, and
 * conversion of every error shape into a NodeApiError.
 *
 * Retry policy: a 429 means the request was not processed, so it is waited out and repeated for any
 * method (bounded by MAX_RATE_LIMIT_WAIT_MS). A 5xx, a network failure or an unreadable answer is
 * retried only when the request is safe to repeat; otherwise the item fails as "outcome unknown".
 */
export async function famulorApiRequest(this: FamulorRequestContext, request: FamulorRequest): Promise<IDataObject> {
	const credentials = await credentialsOf.call(this);
	const safeToRepeat = request.safeToRepeat ?? (request.method === 'GET' || request.method === 'PUT');
	const place: ErrorPlace = { method: request.method, path: request.path, itemIndex: request.itemIndex };
	const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${credentials.baseUrl}${request.path}`,
		headers: { Accept: 'application/json' },
		qs: request.qs,
		body: request.body,
		json: !isForm,
		// Raw text, so a broken JSON answer is detected here instead of passing through as a string.
		encoding: 'text',
		ignoreHttpStatusErrors: true,
		returnFullResponse: true,
		timeout: credentials.timeoutMs,
	};
	if (isForm) options.json = false;

	const pacer: SlidingWindowPacer | undefined = request.rateLimit
		? pacerFor(`${credentials.baseUrl}|${credentials.tokenKey}|${request.rateLimit}`, credentials.rateLimits[request.rateLimit])
		: undefined;

	let failedAttempts = 0;
	let rateLimitAnswers = 0;
	let rateLimitWaitedMs = 0;
	for (;;) {
		const release = pacer ? await pacer.acquire() : undefined;
		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
		} catch (error) {
			if (isAborted(error)) {
				throw new NodeOperationError(this.getNode(), 'The execution was cancelled during a Famulor request', { itemIndex: request.itemIndex });
			}
			failedAttempts++;
			if (safeToRepeat && failedAttempts <= MAX_RETRY_ATTEMPTS) {
				await sleep(backoffDelay(failedAttempts));
				continue;
			}
			throw buildTransportError(this.getNode(), networkReason(error), place, !safeToRepeat, failedAttempts);
		} finally {
			release?.();
		}

		const status = response.statusCode;
		const parsed = parseBody(response.body);

		if (status === 429) {
			// Not processed, so repeating is safe for any method. The floor keeps a `Retry-After: 0` from spinning.
			rateLimitAnswers++;
			const body = parsed.ok ? parsed.value : undefined;
			const waitMs = Math.max(MIN_RATE_LIMIT_WAIT_MS, retryAfterMs(response.headers as IDataObject, body) ?? backoffDelay(rateLimitAnswers));
			if (rateLimitWaitedMs + waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
				rateLimitWaitedMs += waitMs;
				pacer?.blockFor(waitMs);
				await sleep(waitMs);
				continue;
			}
			throw buildApiError(this.getNode(), parseErrorBody(status, body), place,
				`Still rate limited after waiting ${Math.round(rateLimitWaitedMs / 1000)} s; the service asked for ${Math.round(waitMs / 1000)} s more, beyond the ${MAX_RATE_LIMIT_WAIT_MS / 1000} s a request may wait. The request was not processed; run the item again later`);
		}

		if (status >= 200 && status < 300) {
			if (parsed.ok) return parsed.value as IDataObject;
			failedAttempts++;
			if (safeToRepeat && failedAttempts <= MAX_RETRY_ATTEMPTS) {
				await sleep(backoffDelay(failedAttempts));
				continue;
			}
			throw buildTransportError(this.getNode(), `the service answered ${status} with a body that is not valid JSON`, place, !safeToRepeat, failedAttempts);
		}

		const details = parseErrorBody(status, parsed.ok ? parsed.value : undefined);
		if (status >= 500) {
			failedAttempts++;
			if (safeToRepeat && failedAttempts <= MAX_RETRY_ATTEMPTS) {
				await sleep(backoffDelay(failedAttempts));
				continue;
			}
			// A documented service error (e.g. 503 SENDER_OFFLINE) is a definite refusal; anything else may have taken effect.
			if (!safeToRepeat && !details.errorCode) {
				throw buildOutcomeUnknownApiError(this.getNode(), details, place);
			}
		}
		throw buildApiError(this.getNode(), details, place);
	}
}
