/**
 * One request of the mid-call tool: the assistant sends the parameters it collected during the call
 * (https://docs.famulor.de/en/ai-assistants/custom-mid-call-tools) and speaks from the answer, which n8n
 * sends when the workflow has run (the webhook's response mode). Every request starts one execution:
 * the same question asked twice is two questions, so nothing is deduplicated.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isObject } from '../payload';
import { secretMatches } from '../secret';
import { readToolRegistration } from './toolState';
import { declaredParameters, TOOL_SECRET_HEADER } from './toolSettings';

/**
 * Fields that describe the call rather than answer the tool's question. The docs do not say whether the
 * service sends any; where a request carries them (and no parameter has the name) they go under CALL_FIELD.
 */
const CALL_CONTEXT_FIELDS = [
	'call_id',
	'assistant_id',
	'customer_phone',
	'assistant_phone',
	'caller',
	'call',
] as const;
/** A parameter name starts with a letter, so this key never collides with one. */
export const CALL_FIELD = '_call';

/** A query string carries text only: a declared number or boolean is read back as one. */
function typed(value: IDataObject[string], type: string | undefined): IDataObject[string] {
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (type === 'number' && text !== '' && Number.isFinite(Number(text))) return Number(text);
	if (type === 'boolean' && ['true', '1'].includes(text.toLowerCase())) return true;
	if (type === 'boolean' && ['false', '0'].includes(text.toLowerCase())) return false;
	return value;
}

/** The item: the parameters as fields (from a JSON body or the query string), the call's context under CALL_FIELD. */
export function toolItem(
	body: unknown,
	query: unknown,
	declared: ReadonlyMap<string, string>,
): IDataObject {
	const sent: IDataObject = { ...(isObject(query) ? query : {}), ...(isObject(body) ? body : {}) };
	const item: IDataObject = {};
	const call: IDataObject = {};
	for (const [name, value] of Object.entries(sent)) {
		const context =
			(CALL_CONTEXT_FIELDS as readonly string[]).includes(name) && !declared.has(name);
		if (context) call[name] = value;
		else item[name] = typed(value, declared.get(name));
	}
	if (Object.keys(call).length > 0) item[CALL_FIELD] = call;
	return item;
}

export function handleToolRequest(this: IWebhookFunctions): IWebhookResponseData {
	const registration = readToolRegistration(this.getWorkflowStaticData('node'));
	const given = this.getHeaderData()[TOOL_SECRET_HEADER];
	if (!registration || !secretMatches(given, registration.secret)) {
		this.getResponseObject()
			.status(401)
			.json({ error: `Unauthorized: missing or wrong ${TOOL_SECRET_HEADER} header` })
			.end();
		return { noWebhookResponse: true };
	}
	const declared = declaredParameters(this.getNodeParameter('toolParameters', {}));
	const item = toolItem(this.getBodyData(), this.getQueryData(), declared);
	return { workflowData: [[{ json: item }]] };
}
