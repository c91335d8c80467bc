/**
 * The inbound webhook (https://docs.famulor.de/en/api-reference/assistants/enable-inbound-webhook). The
 * API reference says it reports completed inbound calls; Famulor's automation guide
 * (https://docs.famulor.de/en/automation-platform/calls-related/Famulor-tool) describes a request made
 * when the call arrives, before the assistant picks up, whose answer's variables the assistant gets
 * ("keep processing under 2 seconds"). Both shapes are read: a completed call is output as the post-call
 * payload; an incoming call as the caller, the assistant's number and whatever ID, time and variables
 * the request carries.
 */
import type { IDataObject } from 'n8n-workflow';

import { PAYLOAD_FIELDS, simplifyPayload, withDocumentedFields } from './payload';

/**
 * Fields only a finished call has (the post-call payload,
 * https://docs.famulor.de/en/api-reference/webhooks/post-call).
 */
const COMPLETED_ONLY = [
	'duration',
	'transcript',
	'finished_at',
	'extracted_variables',
	'recording_url',
];

export function isCompletedCall(body: IDataObject): boolean {
	return COMPLETED_ONLY.some((field) => body[field] !== undefined);
}

function text(value: unknown): string | undefined {
	return (typeof value === 'number' || typeof value === 'string') && String(value) !== ''
		? String(value)
		: undefined;
}

/**
 * Only the call's ID identifies a delivery: two calls from the same customer to the same number may
 * send identical bodies, and the second one must start the workflow too. An incoming call's ID and
 * the same call's completed report are different events.
 */
export function inboundDeliveryId(body: IDataObject): string | undefined {
	if (isCompletedCall(body)) return text(body.id);
	const callId = text(body.call_id) ?? text(body.id);
	return callId === undefined ? undefined : `incoming|${callId}`;
}

/** The incoming call's fields, those the request carries; `status` says it is incoming. */
function incomingItem(body: IDataObject): IDataObject {
	const item: IDataObject = {
		status: body.status ?? 'incoming',
		customer_phone: body.customer_phone ?? null,
		assistant_phone: body.assistant_phone ?? null,
	};
	const callId = body.call_id ?? body.id;
	if (callId !== undefined) item.call_id = callId;
	for (const field of ['assistant_id', 'timestamp', 'variables'])
		if (body[field] !== undefined) item[field] = body[field];
	return item;
}

export function inboundItem(body: IDataObject, simplify: boolean): IDataObject {
	if (isCompletedCall(body))
		return simplify ? simplifyPayload(body) : withDocumentedFields(body, PAYLOAD_FIELDS);
	// Undocumented extras pass through in the full output, as for the other events.
	return simplify ? incomingItem(body) : { ...body, ...incomingItem(body) };
}
