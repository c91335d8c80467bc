import { NodeApiError, type IDataObject, type JsonObject } from 'n8n-workflow';

import { resolveCredentials, type ResolvedCredentials } from './credentials';
import { asNodeError, markRemembered, OUTCOME_UNKNOWN, SENT_BEFORE } from './errors/errors';
import { journalSlot, recall, remember, type RememberedError } from './retries/journal';
import { withSecretsMasked } from './errors/masking';
import { accountFor } from './pacing/pacing';
import { send } from './retries/send';
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

/** The one error a request ends with: n8n's own throws wrapped, and every secret masked. */
function finalError(
	context: FamulorRequestContext,
	error: unknown,
	request: FamulorRequest,
	credentials: ResolvedCredentials,
): ReturnType<typeof asNodeError> {
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
 * The one place requests to the service are sent: base URL from the credential, bearer auth through
 * `httpRequestWithAuthentication`, pacing (accountBudget.ts), retries and redirects (send.ts), and
 * conversion of every error shape into a NodeApiError whose message says the fix; every error leaves
 * through finalError, which masks the token. Requests that are not safe to repeat remember how they
 * ended for the execution (journal.ts), so n8n's Retry On Fail does not send them again.
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
	const pacer = accountFor(pacerKeyOf(credentials), credentials.generalLimits);
	// Counted until it is done, so the account sees this process's backlog drain.
	const passage = pacer.enter();
	try {
		answer = await send.call(this, request, credentials, safeToRepeat, passage);
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
		passage.leave();
	}
	if (slot !== undefined) remember(slot, { kind: 'answered', answer });
	return answer;
}

/** The pacers of one token on one base URL are shared by every request of this process that uses them. */
const pacerKeyOf = (credentials: ResolvedCredentials) =>
	`${credentials.baseUrl}|${credentials.tokenKey}`;
