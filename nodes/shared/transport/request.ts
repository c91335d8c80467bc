import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type JsonObject,
} from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	MAX_BACKOFF_DELAY_MS,
	MAX_REDIRECTS,
	MAX_RATE_LIMIT_WAIT_MS,
	MAX_RETRY_ATTEMPTS,
	MIN_RATE_LIMIT_WAIT_MS,
	RETRY_BASE_DELAY_MS,
} from './constants';
import { CONTROL_CHARACTERS, resolveCredentials, type ResolvedCredentials } from './credentials';
import {
	asNodeError,
	buildApiError,
	buildOutcomeUnknownApiError,
	buildRedirectError,
	buildTransportError,
	markRemembered,
	OUTCOME_UNKNOWN,
	parseErrorBody,
	SENT_BEFORE,
	withSecretsMasked,
	type ErrorPlace,
} from './errors';
import { header } from './headers';
import { journalSlot, recall, remember, type RememberedError } from './journal';
import { classifyNetworkFailure, isAborted } from './network';
import { RateLimitWaitTooLong } from './accountBudget';
import type { Pacer, Release } from './pacer';
import { endpointPacerFor, enterBacklog, generalPacerFor } from './pacing';
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

/** The one error a request ends with: n8n's own throws wrapped, and every secret masked. */
function finalError(
	context: FamulorRequestContext,
	error: unknown,
	request: FamulorRequest,
	credentials: ResolvedCredentials,
): NodeApiError | NodeOperationError {
	return withSecretsMasked(
		asNodeError(context.getNode(), error, request.itemIndex),
		credentials.maskSecrets,
	);
}

/** The same failure again, on a retry of a request whose outcome was unknown. */
function rememberedFailure(
	context: FamulorRequestContext,
	error: RememberedError,
	itemIndex: number | undefined,
): NodeApiError {
	const again = new NodeApiError(context.getNode(), { message: error.message } as JsonObject, {
		message: `${error.message} (remembered from an earlier try of this execution or of the execution it retries: not sent again)`,
		description: error.description ?? undefined,
		itemIndex,
	});
	Object.assign(again.context, error.context);
	return markRemembered(again);
}

/** A request that went through in an earlier try whose answer the memory bound made us drop. */
function answerNotKeptFailure(
	context: FamulorRequestContext,
	request: FamulorRequest,
): NodeApiError {
	const error = new NodeApiError(
		context.getNode(),
		{ message: 'sent before, answer not kept' } as JsonObject,
		{
			message:
				'Famulor API request sent before, answer not kept: it went through in an earlier try of this execution or of the execution it retries, and its answer was dropped to keep the memory of sent requests within its bound, so it was not sent again. Check the result in Famulor.',
			description: `${request.method} ${request.path}`,
			itemIndex: request.itemIndex,
		},
	);
	Object.assign(error.context, { httpCode: null, errorCode: SENT_BEFORE, fieldErrors: {} });
	return markRemembered(error);
}

/**
 * The one place requests to the service are built and sent: base URL from the credential, bearer
 * auth through `httpRequestWithAuthentication`, pacing (the account-wide limit and the endpoints'
 * own), retries, redirects, and conversion of every error shape into a NodeApiError whose message
 * says the fix; every error leaves through finalError, which masks the token.
 *
 * Retry policy: a 429 means the request was not processed, so it is waited out and repeated for any
 * method (bounded by MAX_RATE_LIMIT_WAIT_MS); so is a failure before the request left this machine
 * (refused connection, DNS). A 5xx, a lost connection or an unreadable answer is retried only when
 * the request is safe to repeat; otherwise the item fails as "outcome unknown". Requests that are not
 * safe to repeat remember how they ended for the execution (journal.ts), so n8n's Retry On Fail does
 * not send them again.
 */
export async function famulorApiRequest(
	this: FamulorRequestContext,
	request: FamulorRequest,
): Promise<IDataObject> {
	const credentials = await credentialsOf.call(this);
	const safeToRepeat =
		request.safeToRepeat ?? (request.method === 'GET' || request.method === 'PUT');
	const slot = safeToRepeat ? undefined : journalSlot(this, request);
	const earlier = slot === undefined ? undefined : recall(slot);
	if (earlier?.kind === 'answered') return earlier.answer;
	if (earlier?.kind === 'unknown') throw rememberedFailure(this, earlier.error, request.itemIndex);
	if (earlier?.kind === 'answerNotKept') throw answerNotKeptFailure(this, request);
	let answer: IDataObject;
	// Counted until it is done, so the account sees this process's backlog drain (pacing.ts).
	const leaveBacklog = enterBacklog(pacerKeyOf(credentials), credentials.generalLimits);
	try {
		answer = await send.call(this, request, credentials, safeToRepeat);
	} catch (caught) {
		const error = finalError(this, caught, request, credentials);
		if (
			slot !== undefined &&
			error instanceof NodeApiError &&
			(error.context as IDataObject).errorCode === OUTCOME_UNKNOWN
		) {
			remember(slot, {
				kind: 'unknown',
				error: {
					message: error.message,
					description: error.description ?? undefined,
					context: error.context as IDataObject,
				},
			});
		}
		throw error;
	} finally {
		leaveBacklog();
	}
	if (slot !== undefined) remember(slot, { kind: 'answered', answer });
	return answer;
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

/** The pacers of one token on one base URL are shared by every request of this process that uses them. */
const pacerKeyOf = (credentials: ResolvedCredentials) =>
	`${credentials.baseUrl}|${credentials.tokenKey}`;

async function send(
	this: FamulorRequestContext,
	request: FamulorRequest,
	credentials: ResolvedCredentials,
	safeToRepeat: boolean,
): Promise<IDataObject> {
	const place: ErrorPlace = {
		method: request.method,
		path: request.path,
		itemIndex: request.itemIndex,
	};
	if (CONTROL_CHARACTERS.test(request.path)) {
		throw new NodeOperationError(
			this.getNode(),
			`The request path contains a line break or another control character, so nothing was sent: check the IDs given to the node (${JSON.stringify(request.path)})`,
			{ itemIndex: request.itemIndex },
		);
	}
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
		// Redirects are ours to judge (the token must never reach another origin; a request that must
		// not be repeated is never repeated at a new address), on every n8n version: n8n would follow
		// them and, by default, send the Authorization header along to any host.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};

	const pacerKey = pacerKeyOf(credentials);
	const pacers: Pacer[] = generalPacerFor(pacerKey, credentials.generalLimits);
	// An endpoint's own window first: the account-wide pacers end with the account's spacing.
	if (request.rateLimit)
		pacers.unshift(
			endpointPacerFor(
				pacerKey,
				request.rateLimit,
				credentials.rateLimits[request.rateLimit],
				credentials.generalLimits,
			),
		);

	let failedAttempts = 0;
	let rateLimitAnswers = 0;
	let rateLimitWaitedMs = 0;
	let redirects = 0;
	for (;;) {
		const releases: Release[] = [];
		try {
			for (const pacer of pacers)
				releases.push(await pacer.acquire(MAX_RATE_LIMIT_WAIT_MS - rateLimitWaitedMs));
		} catch (error) {
			for (const release of releases) release();
			if (!(error instanceof RateLimitWaitTooLong))
				throw asNodeError(this.getNode(), error, request.itemIndex);
			throw buildTransportError(
				this.getNode(),
				{ sent: false, reason: error.message, advice: 'Run the item again after that time.' },
				place,
				safeToRepeat,
				failedAttempts,
			);
		}
		let response: IN8nHttpFullResponse | undefined;
		let answered: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_TYPE,
				options,
			)) as IN8nHttpFullResponse;
			answered = response;
		} catch (error) {
			if (isAborted(error)) {
				throw new NodeOperationError(
					this.getNode(),
					'The execution was cancelled during a Famulor request',
					{ itemIndex: request.itemIndex },
				);
			}
			const failure = classifyNetworkFailure(error, credentials.baseUrl, credentials.timeoutMs);
			failedAttempts++;
			if (
				failure.transient &&
				(safeToRepeat || !failure.sent) &&
				failedAttempts <= MAX_RETRY_ATTEMPTS
			) {
				await sleep(backoffDelay(failedAttempts));
				continue;
			}
			throw buildTransportError(this.getNode(), failure, place, safeToRepeat, failedAttempts);
		} finally {
			for (const release of releases)
				release(response?.headers as IDataObject | undefined, response?.statusCode);
		}

		const status = answered.statusCode;
		if (status >= 300 && status < 400) {
			const target = redirectTarget(answered, options.url);
			if (target !== undefined) {
				const from = new URL(options.url);
				if (target.origin !== from.origin)
					throw buildRedirectError(this.getNode(), place, status, target, 'crossOrigin');
				if (!safeToRepeat)
					throw buildRedirectError(this.getNode(), place, status, target, 'notRepeatable');
				if (++redirects > MAX_REDIRECTS)
					throw buildRedirectError(this.getNode(), place, status, target, 'tooMany');
				// Location carries its own query; 303 (and 301/302 of anything but GET, as browsers do) reads it with GET.
				options.url = target.href;
				options.qs = undefined;
				if (status === 303 || ((status === 301 || status === 302) && options.method !== 'GET')) {
					options.method = 'GET';
					options.body = undefined;
				}
				continue;
			}
		}
		const parsed = parseBody(answered.body);

		if (status === 429) {
			// Not processed, so repeating is safe for any method. The floor keeps a `Retry-After: 0` from spinning.
			rateLimitAnswers++;
			const body = parsed.ok ? parsed.value : undefined;
			const waitMs = Math.max(
				MIN_RATE_LIMIT_WAIT_MS,
				retryAfterMs(answered.headers as IDataObject, body) ?? backoffDelay(rateLimitAnswers),
			);
			if (rateLimitWaitedMs + waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
				rateLimitWaitedMs += waitMs;
				for (const pacer of pacers) pacer.blockFor(waitMs);
				await sleep(waitMs);
				continue;
			}
			throw buildApiError(
				this.getNode(),
				parseErrorBody(status, body),
				place,
				`Still rate limited after waiting ${Math.round(rateLimitWaitedMs / 1000)} s; the service asked for ${Math.round(waitMs / 1000)} s more, beyond the ${MAX_RATE_LIMIT_WAIT_MS / 1000} s a request may wait. The request was not processed; run the item again later`,
			);
		}

		if (status >= 200 && status < 300) {
			if (parsed.ok && isReadableAnswer(parsed.value)) return parsed.value;
			failedAttempts++;
			if (safeToRepeat && failedAttempts <= MAX_RETRY_ATTEMPTS) {
				await sleep(backoffDelay(failedAttempts));
				continue;
			}
			// Only the kind of value: a cut-off quote of the body could hold part of the token, which no mask finds.
			const what = parsed.ok
				? `${parsed.value === null ? 'null' : `a JSON ${typeof parsed.value}`} instead of a record`
				: 'a body that is not valid JSON';
			throw buildTransportError(
				this.getNode(),
				{ sent: true, reason: `the service answered ${status} with ${what}` },
				place,
				safeToRepeat,
				failedAttempts,
			);
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
