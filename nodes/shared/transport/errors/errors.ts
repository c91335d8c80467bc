import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type JsonObject,
} from 'n8n-workflow';

import { MAX_REDIRECTS } from '../constants';

/** Error code (in the error context) of a request that may have taken effect but got no usable answer. */
export const OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN';

/** Error code of a request that never left this machine, so it cannot have taken effect. */
export const NOT_SENT = 'NOT_SENT';

/** Error code of a request that went through in an earlier try and whose answer was not kept (journal.ts). */
export const SENT_BEFORE = 'SENT_BEFORE';

/** Context field of an error that repeats how a request ended in an earlier try, without sending it (journal.ts). */
const REMEMBERED_FIELD = 'rememberedOutcome';

export function markRemembered<T extends NodeApiError>(error: T): T {
	error.context[REMEMBERED_FIELD] = true;
	return error;
}

/**
 * Whether an item failed only because its request went through (or ended outcome unknown) in an
 * earlier try: nothing new happened, so the items never sent are still sent (router.ts).
 */
export function isRememberedFailure(error: unknown): boolean {
	const context = (error as { context?: IDataObject } | undefined)?.context;
	return context?.[REMEMBERED_FIELD] === true;
}

/** Error code of a redirect the transport refused to follow. */
export const REDIRECT_NOT_FOLLOWED = 'REDIRECT_NOT_FOLLOWED';

const NOT_REPEATED =
	'It was sent once and not repeated, because it may already have taken effect (a call, message, purchase, upload or reply must not happen twice): check in Famulor whether it went through before running the item again.';

/** What the service said about a failed request, whichever of its error shapes it used. */
export interface FamulorErrorDetails {
	httpCode: number;
	message: string;
	errorCode?: string;
	fieldErrors: Record<string, string[]>;
}

/** Advice for error codes whose fix is not obvious from the service's own message. */
const ERROR_CODE_HINTS: Record<string, string> = {
	SESSION_EXPIRED:
		'The 24-hour WhatsApp window is closed, so free-form messages are refused. Send an approved WhatsApp template message instead; free-form messages are possible again only after the customer replies.',
	INSUFFICIENT_BALANCE: 'Top up the Famulor account balance, then run the node again.',
	SENDER_OFFLINE: 'The WhatsApp sender is offline. Reconnect it in the Famulor dashboard.',
	SENDER_NOT_FOUND: 'Check the sender ID: it must be a WhatsApp sender of this account.',
	INVALID_PHONE: 'Phone numbers must be in E.164 format, e.g. +4915112345678.',
	ASSISTANT_NOT_FOUND: 'Check the assistant: it must exist and belong to this account.',
};

function isRecord(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function collectFieldErrors(errors: unknown): Record<string, string[]> {
	if (!isRecord(errors)) return {};
	const result: Record<string, string[]> = {};
	for (const [field, messages] of Object.entries(errors)) {
		const list = (Array.isArray(messages) ? messages : [messages]).map((entry) => String(entry));
		if (list.length > 0) result[field] = list;
	}
	return result;
}

/**
 * Reads every error body shape the service's docs show
 * (https://docs.famulor.de/en/api-reference/authentication and the endpoint pages) —
 * `{message}`, `{message, errors}`, `{error}`,
 * `{success:false, error, error_code}` and `{message, retry_after}` — in the documented order.
 */
export function parseErrorBody(httpCode: number, body: unknown): FamulorErrorDetails {
	const details: FamulorErrorDetails = { httpCode, message: '', fieldErrors: {} };
	if (isRecord(body)) {
		details.errorCode = text(body.error_code);
		const error = text(body.error) ?? (isRecord(body.error) ? text(body.error.message) : undefined);
		const message = text(body.message);
		details.message = [error, message].filter((part) => part !== undefined).join(': ');
		details.fieldErrors = collectFieldErrors(body.errors);
	} else if (
		typeof body === 'string' &&
		body.trim() !== '' &&
		body.length < 500 &&
		!body.trimStart().startsWith('<')
	) {
		details.message = body.trim();
	}
	return details;
}

/**
 * Every field error, each once: Laravel's `message` is the first field error itself, so a field whose
 * messages the message already says is only named ("… exists in this campaign. (field: phone_number)").
 */
function describeFieldErrors(fieldErrors: Record<string, string[]>, said: string): string {
	const entries = Object.entries(fieldErrors);
	const named = entries.filter(([, messages]) => messages.every((entry) => said.includes(entry)));
	const described = entries
		.filter((entry) => !named.includes(entry))
		.map(([field, messages]) => `${field}: ${messages.join(' ')}`)
		.join('; ');
	const fieldNames = named.map(([field]) => field).join(', ');
	return [fieldNames ? ` (field: ${fieldNames})` : '', described ? ` — ${described}` : ''].join('');
}

/** One-line summary: status, the service's message, its error code and every field error. */
export function formatErrorMessage(details: FamulorErrorDetails): string {
	if (details.httpCode === 401) {
		return 'Famulor API error 401: invalid or missing API token. Check the API Token of the Famulor AI API credential.';
	}
	const said = details.message || 'the service gave no message';
	const code = details.errorCode ? ` [${details.errorCode}]` : '';
	return `Famulor API error ${details.httpCode}: ${said}${code}${describeFieldErrors(details.fieldErrors, said)}`;
}

export interface ErrorPlace {
	method: string;
	path: string;
	itemIndex?: number;
}

function withContext(error: NodeApiError, context: IDataObject): NodeApiError {
	Object.assign(error.context, context);
	return error;
}

export function buildApiError(
	node: INode,
	details: FamulorErrorDetails,
	place: ErrorPlace,
	note?: string,
): NodeApiError {
	const hint = details.errorCode ? ERROR_CODE_HINTS[details.errorCode] : undefined;
	const description = [`${place.method} ${place.path}`, hint, note].filter(Boolean).join('. ');
	const error = new NodeApiError(
		node,
		{ message: details.message, httpCode: String(details.httpCode) } as JsonObject,
		{
			message: formatErrorMessage(details),
			description,
			httpCode: String(details.httpCode),
			itemIndex: place.itemIndex,
		},
	);
	return withContext(error, {
		httpCode: details.httpCode,
		errorCode: details.errorCode ?? null,
		fieldErrors: details.fieldErrors,
	});
}

/**
 * A 5xx without a documented error code, answering a request that must not be repeated: the service
 * may have acted before failing, so the item fails as "outcome unknown" rather than as a plain error.
 */
export function buildOutcomeUnknownApiError(
	node: INode,
	details: FamulorErrorDetails,
	place: ErrorPlace,
): NodeApiError {
	const error = buildApiError(
		node,
		{
			...details,
			message: `${details.message || 'the service gave no message'} (outcome unknown). ${NOT_REPEATED}`,
		},
		place,
	);
	return withContext(error, { errorCode: OUTCOME_UNKNOWN });
}

function attemptsText(attempts: number): string {
	return `${attempts} attempt${attempts === 1 ? '' : 's'}`;
}

/**
 * A request that got no usable answer. Its message says which of three things happened, since n8n
 * shows only the message: it was never sent (and how to fix that), its outcome is unknown (it may have
 * taken effect and was not repeated), or it failed every attempt although it was safe to repeat.
 */
export function buildTransportError(
	node: INode,
	failure: { sent: boolean; reason: string; advice?: string },
	place: ErrorPlace,
	repeatable: boolean,
	attempts: number,
): NodeApiError {
	const advice = failure.advice ? ` ${failure.advice}` : '';
	let message: string;
	let errorCode: string;
	if (!failure.sent) {
		message = `Famulor API request not sent: ${failure.reason}.${advice}`;
		errorCode = NOT_SENT;
	} else if (!repeatable) {
		message = `Famulor API request outcome unknown: ${failure.reason}. ${NOT_REPEATED}`;
		errorCode = OUTCOME_UNKNOWN;
	} else {
		message = `Famulor API request failed after ${attemptsText(attempts)}: ${failure.reason}.${advice}`;
		errorCode = 'NETWORK_ERROR';
	}
	const error = new NodeApiError(node, { message: failure.reason } as JsonObject, {
		message,
		description: `${place.method} ${place.path} (${attemptsText(attempts)})`,
		itemIndex: place.itemIndex,
	});
	return withContext(error, { httpCode: null, errorCode, fieldErrors: {} });
}

const CHECK_BASE_URL =
	'Check the credential field "Base URL" of the Famulor AI API credential: it must be the address of the Famulor API itself, e.g. https://app.famulor.de';

/**
 * A 3xx answer the transport does not follow: to another origin (the API token must not go there),
 * for a request that must not be repeated, or one redirect too many.
 */
export function buildRedirectError(
	node: INode,
	place: ErrorPlace,
	status: number,
	target: URL,
	why: 'crossOrigin' | 'notRepeatable' | 'tooMany',
): NodeApiError {
	const said = `the service answered ${status} with a redirect to`;
	const message = {
		crossOrigin: `Famulor API request not followed: ${said} another host (${target.host}); nothing was sent there, so the API token stayed with the service. ${CHECK_BASE_URL} (not an address that forwards elsewhere).`,
		notRepeatable: `Famulor API request not repeated: ${said} ${target.pathname} on the same host; the request was not repeated there, because it must not take effect twice. ${CHECK_BASE_URL} (https, no extra path).`,
		tooMany: `Famulor API request not followed: ${said} ${target.pathname} after ${MAX_REDIRECTS} redirects on the same host already. ${CHECK_BASE_URL}.`,
	}[why];
	const error = new NodeApiError(
		node,
		{ message: `redirect to ${target.host}`, httpCode: String(status) } as JsonObject,
		{
			message,
			description: `${place.method} ${place.path}`,
			httpCode: String(status),
			itemIndex: place.itemIndex,
		},
	);
	return withContext(error, {
		httpCode: status,
		errorCode: REDIRECT_NOT_FOLLOWED,
		fieldErrors: {},
		redirectHost: target.host,
	});
}

/** Errors of ours pass unchanged; anything else (a bug, an unexpected throw) is wrapped with its item. */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}
