import {
	NodeOperationError,
	sleep,
	type IDataObject,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
} from 'n8n-workflow';

import { RateLimitWaitTooLong, type AccountBudget } from '../pacing/accountBudget';
import {
	CREDENTIAL_TYPE,
	LOGGED_WAIT_MS,
	MAX_REDIRECTS,
	MAX_RATE_LIMIT_WAIT_MS,
	MAX_RETRY_ATTEMPTS,
	MIN_RATE_LIMIT_WAIT_MS,
} from '../constants';
import { CONTROL_CHARACTERS, type ResolvedCredentials } from '../credentials';
import {
	asNodeError,
	buildApiError,
	buildOutcomeUnknownApiError,
	buildRedirectError,
	buildTransportError,
	parseErrorBody,
	type ErrorPlace,
} from '../errors/errors';
import { header } from '../headers';
import { classifyNetworkFailure, isAborted } from '../network';
import type { Release } from '../pacing/pacer';
import { backoffDelay, refusalWaitMs, refusalWhy } from './retryWaits';
import type { FamulorRequest, FamulorRequestContext } from '../types';

/**
 * Sending one request: a loop over attempts, each paced, sent and judged into one outcome. A 429
 * means the request was not processed, so it is waited out and repeated for any method (bounded by
 * MAX_RATE_LIMIT_WAIT_MS); so is a failure before the request left this machine (refused
 * connection, DNS). A 5xx, a lost connection or an unreadable answer is retried only when the
 * request is safe to repeat; otherwise the item fails as "outcome unknown". Redirects are followed
 * only within the origin, for requests safe to repeat.
 */

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

/** A success answer the nodes can read: an object or a list. `null`, a number or a string is not one. */
function isReadableAnswer(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null;
}

/** Where a 3xx answer points, resolved against the URL that was asked; undefined without a usable Location. */
function redirectTarget(answered: IN8nHttpFullResponse, from: string): URL | undefined {
	const location = header(answered.headers as IDataObject, 'location');
	if (location === undefined || location.trim() === '') return undefined;
	try {
		return new URL(location.trim(), from);
	} catch {
		return undefined;
	}
}

/**
 * How one attempt ended: the answer, a wait before the next (for a 429, the token's pacer waits it
 * out), a redirect, or the error.
 */
type Outcome =
	| { kind: 'done'; answer: IDataObject }
	| { kind: 'retry'; waitMs: number; rateLimited?: boolean; why?: string }
	| { kind: 'redirect'; status: number; target: URL }
	| { kind: 'fail'; error: Error };

/** What one request carries from attempt to attempt. */
interface Sending {
	context: FamulorRequestContext;
	request: FamulorRequest;
	credentials: ResolvedCredentials;
	safeToRepeat: boolean;
	place: ErrorPlace;
	options: IHttpRequestOptions;
	pacer: AccountBudget;
	failedAttempts: number;
	rateLimitAnswers: number;
	rateLimitWaitedMs: number;
	/** Whether its one line about a long wait is written (logLongWait). */
	waitLogged: boolean;
	/** After a 429: when the wait its answer asked for ends (the pacer holds it until then). */
	retryAt?: number;
}

/** One line in n8n's log per request that waits LOGGED_WAIT_MS or more: what waits, how long, why. */
function logLongWait(s: Sending, waitMs: number, why: string): void {
	if (s.waitLogged || waitMs < LOGGED_WAIT_MS) return;
	s.waitLogged = true;
	const { method, path } = s.request;
	const seconds = Math.round(waitMs / 100) / 10;
	s.context.logger?.info(`Famulor API: ${method} ${path} waits ${seconds} s: ${why}`);
}

export async function send(
	this: FamulorRequestContext,
	request: FamulorRequest,
	credentials: ResolvedCredentials,
	safeToRepeat: boolean,
	pacer: AccountBudget,
): Promise<IDataObject> {
	if (CONTROL_CHARACTERS.test(request.path)) {
		throw new NodeOperationError(
			this.getNode(),
			`The request path contains a line break or another control character, so nothing was sent: check the IDs given to the node (${JSON.stringify(request.path)})`,
			{ itemIndex: request.itemIndex },
		);
	}
	const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
	const sending: Sending = {
		context: this,
		request,
		credentials,
		safeToRepeat,
		place: { method: request.method, path: request.path, itemIndex: request.itemIndex },
		options: {
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
			// Redirects are ours to judge (the token must never reach another origin; a request that must
			// not be repeated is never repeated at a new address), on every n8n version: n8n would follow
			// them and, by default, send the Authorization header along to any host.
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		pacer,
		failedAttempts: 0,
		rateLimitAnswers: 0,
		rateLimitWaitedMs: 0,
		waitLogged: false,
	};
	let redirects = 0;
	for (;;) {
		const outcome = await attempt(sending);
		if (outcome.kind === 'done') return outcome.answer;
		if (outcome.kind === 'fail') throw outcome.error;
		if (outcome.kind === 'retry' && outcome.rateLimited) {
			// A 429's wait is the pacer's: the next attempt's acquire waits it out, the others' too.
			pacer.blockFor(outcome.waitMs);
			sending.retryAt = Date.now() + outcome.waitMs;
			if (outcome.why !== undefined) logLongWait(sending, outcome.waitMs, outcome.why);
			continue;
		}
		if (outcome.kind === 'retry') {
			// A backoff after a failure (at most MAX_BACKOFF_DELAY_MS) holds only this request.
			await sleep(outcome.waitMs);
			continue;
		}
		const { status, target } = outcome;
		const { options } = sending;
		const failure = (why: 'crossOrigin' | 'notRepeatable' | 'tooMany') =>
			buildRedirectError(this.getNode(), sending.place, status, target, why);
		if (target.origin !== new URL(options.url).origin) throw failure('crossOrigin');
		if (!safeToRepeat) throw failure('notRepeatable');
		if (++redirects > MAX_REDIRECTS) throw failure('tooMany');
		// Location carries its own query; 303 (and 301/302 of anything but GET, as browsers do) reads it with GET.
		options.url = target.href;
		options.qs = undefined;
		if (status === 303 || ((status === 301 || status === 302) && options.method !== 'GET')) {
			options.method = 'GET';
			options.body = undefined;
		}
	}
}

/** One attempt: paced, sent, and judged. */
async function attempt(s: Sending): Promise<Outcome> {
	const { context, request, credentials, place, safeToRepeat } = s;
	const node = context.getNode();
	let release: Release;
	try {
		const endpoint = request.rateLimit && {
			name: request.rateLimit,
			limit: credentials.rateLimits[request.rateLimit],
		};
		const maxWaitMs = MAX_RATE_LIMIT_WAIT_MS - s.rateLimitWaitedMs;
		release = await s.pacer.acquire(maxWaitMs, endpoint, {
			retryAt: s.retryAt,
			onLongWait: (waitMs, why) => logLongWait(s, waitMs, why),
		});
	} catch (error) {
		if (!(error instanceof RateLimitWaitTooLong))
			return { kind: 'fail', error: asNodeError(node, error, request.itemIndex) };
		const reason = {
			sent: false,
			reason: error.message,
			advice: 'Run the item again after that time.',
		};
		const failure = buildTransportError(node, reason, place, safeToRepeat, s.failedAttempts);
		return { kind: 'fail', error: failure };
	}
	let answered: IN8nHttpFullResponse | undefined;
	try {
		answered = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			s.options,
		)) as IN8nHttpFullResponse;
	} catch (error) {
		if (isAborted(error)) {
			const message = 'The execution was cancelled during a Famulor request';
			return {
				kind: 'fail',
				error: new NodeOperationError(node, message, { itemIndex: request.itemIndex }),
			};
		}
		const failure = classifyNetworkFailure(error, credentials.baseUrl, credentials.timeoutMs);
		return failedAttempt(s, failure.transient && (safeToRepeat || !failure.sent), () =>
			buildTransportError(node, failure, place, safeToRepeat, s.failedAttempts),
		);
	} finally {
		release(answered?.headers as IDataObject | undefined, answered?.statusCode);
	}
	return judge(s, answered);
}

/** A failed attempt: another after a backoff when `repeatable` and tries are left, else the `final` error. */
function failedAttempt(s: Sending, repeatable: boolean, final: () => Error): Outcome {
	s.failedAttempts++;
	if (repeatable && s.failedAttempts <= MAX_RETRY_ATTEMPTS)
		return { kind: 'retry', waitMs: backoffDelay(s.failedAttempts) };
	return { kind: 'fail', error: final() };
}

/**
 * What an answer means: done, retry (a 429, or a 5xx or unreadable answer of a request safe to
 * repeat), a redirect, or the error.
 */
function judge(s: Sending, answered: IN8nHttpFullResponse): Outcome {
	const node = s.context.getNode();
	const status = answered.statusCode;
	if (status >= 300 && status < 400) {
		const target = redirectTarget(answered, s.options.url);
		if (target !== undefined) return { kind: 'redirect', status, target };
	}
	const parsed = parseBody(answered.body);
	const body = parsed.ok ? parsed.value : undefined;
	if (status === 429) {
		// Not processed, so repeating is safe for any method. The floor keeps a `Retry-After: 0` from spinning.
		s.rateLimitAnswers++;
		const headers = answered.headers as IDataObject;
		const asked = refusalWaitMs(headers, body);
		const waitMs = Math.max(MIN_RATE_LIMIT_WAIT_MS, asked ?? backoffDelay(s.rateLimitAnswers));
		if (s.rateLimitWaitedMs + waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
			s.rateLimitWaitedMs += waitMs;
			return { kind: 'retry', waitMs, rateLimited: true, why: refusalWhy(headers, body) };
		}
		const error = buildApiError(
			node,
			parseErrorBody(status, body),
			s.place,
			`Still rate limited after waiting ${Math.round(s.rateLimitWaitedMs / 1000)} s; the service asked for ${Math.round(waitMs / 1000)} s more, beyond the ${MAX_RATE_LIMIT_WAIT_MS / 1000} s a request may wait. The request was not processed; run the item again later`,
		);
		return { kind: 'fail', error };
	}
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
