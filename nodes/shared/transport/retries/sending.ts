import {
	NodeOperationError,
	type IDataObject,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
} from 'n8n-workflow';

import { LOGGED_WAIT_MS } from '../constants';
import { CONTROL_CHARACTERS, type ResolvedCredentials } from '../credentials';
import type { FamulorErrorDetails, ErrorPlace } from '../errors/errors';
import type { Passage } from '../pacing/accountBudget';
import type { FamulorRequest, FamulorRequestContext } from '../types';

/** What one request carries from attempt to attempt (send.ts). */
export interface Sending {
	context: FamulorRequestContext;
	request: FamulorRequest;
	credentials: ResolvedCredentials;
	safeToRepeat: boolean;
	place: ErrorPlace;
	options: IHttpRequestOptions;
	/** Its way through the token's pacer, which owns every wait the service asks for. */
	passage: Passage;
	failedAttempts: number;
	redirects: number;
	/** The last 429's answer, reported if its wait is longer than the request may wait. */
	refused?: FamulorErrorDetails;
	/** Whether its one line about a long wait is written (logLongWait). */
	waitLogged: boolean;
}

/**
 * How one attempt ended: the answer, a retry (after a failure's backoff, or a 429's wait, which
 * the pacer holds), a redirect, or the error.
 */
export type Outcome =
	| { kind: 'done'; answer: IDataObject }
	| { kind: 'retry'; waitMs: number }
	| { kind: 'refused'; details: FamulorErrorDetails }
	| { kind: 'redirect'; status: number; target: URL }
	| { kind: 'fail'; error: Error };

/** The answer as n8n hands it over: status, headers and the raw text of the body. */
export type Answered = IN8nHttpFullResponse;

/** A request ready for its first attempt; a path with a control character is refused unsent. */
export function sendingOf(
	context: FamulorRequestContext,
	request: FamulorRequest,
	credentials: ResolvedCredentials,
	safeToRepeat: boolean,
	passage: Passage,
): Sending {
	if (CONTROL_CHARACTERS.test(request.path)) {
		throw new NodeOperationError(
			context.getNode(),
			`The request path contains a line break or another control character, so nothing was sent: check the IDs given to the node (${JSON.stringify(request.path)})`,
			{ itemIndex: request.itemIndex },
		);
	}
	const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
	return {
		context,
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
		passage,
		failedAttempts: 0,
		redirects: 0,
		waitLogged: false,
	};
}

/** One line in n8n's log per request that waits LOGGED_WAIT_MS or more: what waits, how long, why. */
export function logLongWait(s: Sending, waitMs: number, why: string): void {
	if (s.waitLogged || waitMs < LOGGED_WAIT_MS) return;
	s.waitLogged = true;
	const { method, path } = s.request;
	const seconds = Math.round(waitMs / 100) / 10;
	s.context.logger?.info(`Famulor API: ${method} ${path} waits ${seconds} s: ${why}`);
}
