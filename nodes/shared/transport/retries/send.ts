import { NodeOperationError, sleep, type IDataObject } from 'n8n-workflow';

import { CREDENTIAL_TYPE, MAX_RATE_LIMIT_WAIT_MS, MAX_REDIRECTS } from '../constants';
import type { ResolvedCredentials } from '../credentials';
import {
	asNodeError,
	buildApiError,
	buildRedirectError,
	buildTransportError,
} from '../errors/errors';
import { classifyNetworkFailure, isAborted } from '../network';
import {
	RateLimitWaitTooLong,
	type Endpoint,
	type Passage,
	type Release,
} from '../pacing/accountBudget';
import { failedAttempt, judge, parseBody, type ParsedBody } from './judge';
import { logLongWait, sendingOf, type Answered, type Outcome, type Sending } from './sending';
import type { FamulorRequest, FamulorRequestContext } from '../types';

/**
 * Sending one request: a loop over attempts, each paced, sent and judged into one outcome. A 429
 * means the request was not processed, so it is repeated for any method once the pacer, which its
 * answer told, lets it go (bounded by MAX_RATE_LIMIT_WAIT_MS); so is a failure before the request
 * left this machine (refused connection, DNS). A 5xx, a lost connection or an unreadable answer is
 * retried only when the request is safe to repeat; otherwise the item fails as "outcome unknown".
 * Redirects are followed only within the origin, for requests safe to repeat.
 */
export async function send(
	this: FamulorRequestContext,
	request: FamulorRequest,
	credentials: ResolvedCredentials,
	safeToRepeat: boolean,
	passage: Passage,
): Promise<IDataObject> {
	const sending = sendingOf(this, request, credentials, safeToRepeat, passage);
	for (;;) {
		const outcome = await attempt(sending);
		if (outcome.kind === 'done') return outcome.answer;
		if (outcome.kind === 'fail') throw outcome.error;
		// The 429's answer told the pacer its wait: the next attempt's acquire waits it out.
		if (outcome.kind === 'refused') sending.refused = outcome.details;
		// A backoff after a failure (at most MAX_BACKOFF_DELAY_MS) holds only this request.
		else if (outcome.kind === 'retry') await sleep(outcome.waitMs);
		else followRedirect(sending, outcome.status, outcome.target);
	}
}

/** Points the next attempt at a redirect's target, or throws why it is not followed. */
function followRedirect(s: Sending, status: number, target: URL): void {
	const { options } = s;
	const failure = (why: 'crossOrigin' | 'notRepeatable' | 'tooMany') =>
		buildRedirectError(s.context.getNode(), s.place, status, target, why);
	if (target.origin !== new URL(options.url).origin) throw failure('crossOrigin');
	if (!s.safeToRepeat) throw failure('notRepeatable');
	if (++s.redirects > MAX_REDIRECTS) throw failure('tooMany');
	// Location carries its own query; 303 (and 301/302 of anything but GET, as browsers do) reads it with GET.
	options.url = target.href;
	options.qs = undefined;
	if (status === 303 || ((status === 301 || status === 302) && options.method !== 'GET')) {
		options.method = 'GET';
		options.body = undefined;
	}
}

/** A wait the service asked for that is longer than the request may wait: the item fails, unsent. */
function waitTooLong(s: Sending, error: RateLimitWaitTooLong): Error {
	const node = s.context.getNode();
	if (error.ownRefusal && s.refused) {
		const [waited, asked] = [error.waitedMs, error.waitMs].map((ms) => Math.round(ms / 1000));
		const why = `Still rate limited after waiting ${waited} s; the service asked for ${asked} s more, beyond the ${MAX_RATE_LIMIT_WAIT_MS / 1000} s a request may wait. The request was not processed; run the item again later`;
		// n8n shows the message, not the description: the wait and the advice go with the 429's own words.
		const said = s.refused.message.trim();
		const message = said === '' ? why : `${said.replace(/\.?$/, '.')} ${why}`;
		return buildApiError(node, { ...s.refused, message }, s.place);
	}
	const reason = {
		sent: false,
		reason: error.message,
		advice: 'Run the item again after that time.',
	};
	return buildTransportError(node, reason, s.place, s.safeToRepeat, s.failedAttempts);
}

/** One attempt: paced, sent, and judged. */
async function attempt(s: Sending): Promise<Outcome> {
	const { context, request, credentials, place, safeToRepeat } = s;
	const node = context.getNode();
	let release: Release;
	try {
		const endpoint: Endpoint | undefined = request.rateLimit && {
			name: request.rateLimit,
			limit: credentials.rateLimits[request.rateLimit],
		};
		release = await s.passage.acquire(endpoint, (waitMs, why) => logLongWait(s, waitMs, why));
	} catch (error) {
		if (error instanceof RateLimitWaitTooLong)
			return { kind: 'fail', error: waitTooLong(s, error) };
		return { kind: 'fail', error: asNodeError(node, error, request.itemIndex) };
	}
	let answered: Answered | undefined;
	let parsed: ParsedBody | undefined;
	try {
		answered = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			s.options,
		)) as Answered;
		parsed = parseBody(answered.body);
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
		// The one way an answer, a 429's too, reaches the pacer.
		const body = parsed?.ok ? parsed.value : undefined;
		release(answered?.headers as IDataObject | undefined, answered?.statusCode, body);
	}
	return judge(s, answered, parsed);
}
