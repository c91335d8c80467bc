/**
 * Messages for failed activations and deactivations. n8n shows only an error's message (toast,
 * trigger panel), so the message names the step, the HTTP status, what Famulor said and the fix.
 */
import { NodeApiError, NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

/** What to do about a failed request, by HTTP status (null: no answer reached n8n). */
function fixFor(httpCode: number | null, step: 'publish' | 'unpublish'): string {
	const again = step === 'publish' ? 'publish the workflow again' : 'unpublish again';
	if (httpCode === 401)
		return `Check the API token of this trigger's Famulor credential, then ${again}.`;
	if (httpCode === 403)
		return `The credential's Famulor account may not change this assistant: use a credential of the assistant's owner, then ${again}.`;
	if (httpCode === 404)
		return "The assistant no longer exists in the credential's Famulor account: pick another assistant.";
	if (httpCode === 422)
		return `Famulor refused the request as shown; fix the cause, then ${again}.`;
	if (httpCode === 429)
		return `Famulor is rate-limiting this account: wait a minute, then ${again}.`;
	if (httpCode !== null && httpCode >= 500)
		return `Famulor had a problem: ${again} in a few minutes.`;
	return `Check the credential's Base URL and that n8n can reach Famulor, then ${again}.`;
}

function httpCodeOf(error: unknown): number | null {
	if (!(error instanceof NodeApiError)) return null;
	const context = error.context as IDataObject | undefined;
	const fromContext = Number(context?.httpCode);
	if (Number.isInteger(fromContext) && fromContext > 0) return fromContext;
	const fromError = Number(error.httpCode);
	return Number.isInteger(fromError) && fromError > 0 ? fromError : null;
}

function errorCodeOf(error: unknown): string | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const code = (error.context as IDataObject | undefined)?.errorCode;
	return typeof code === 'string' && code !== '' ? code : undefined;
}

/**
 * "<step failed>: Famulor answered 401 [CODE] (<its message>). <fix>". `action` reads like
 * "Registering the post-call webhook of assistant #102".
 */
export function lifecycleError(
	node: INode,
	error: unknown,
	action: string,
	step: 'publish' | 'unpublish',
): NodeOperationError {
	const httpCode = httpCodeOf(error);
	const errorCode = errorCodeOf(error);
	const said = error instanceof Error && error.message ? error.message : String(error);
	const answer =
		httpCode === null
			? 'no usable answer from Famulor'
			: `Famulor answered ${httpCode}${errorCode ? ` [${errorCode}]` : ''}`;
	const description =
		error instanceof NodeApiError && typeof error.description === 'string'
			? error.description
			: undefined;
	return new NodeOperationError(
		node,
		`${action} failed: ${answer} (${said}). ${fixFor(httpCode, step)}`,
		{ description },
	);
}
