/**
 * The one request an inbound call sends to the assistant's `inbound_webhook_url`. The docs place it
 * at one of two moments, never both: before the assistant picks up
 * (https://docs.famulor.de/en/automation-platform/calls-related/Famulor-tool: answered variables go
 * into the call, "keep processing under 2 seconds"; the sandbox's default), or as a report of the
 * completed call (https://docs.famulor.de/en/api-reference/assistants/enable-inbound-webhook; the
 * option `inboundCallCompletedReport`, model/beyondDocs.ts). Either way one POST, no retry (the docs
 * show none), logged in the webhook log as `inbound`.
 */
import type { Call, InboundRequestOutcome } from '../../model/calls';
import { appendCapped, type WebhookLogEntry } from '../../model/logs';
import type { Sandbox } from '../../model/sandbox';
import { iso6 } from '../formats';

/** How long an incoming call waits for the inbound request's answer before the assistant picks up. */
export const INBOUND_BUDGET_MS = 2_000;

export function jsonOrText(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function failure(err: unknown): string {
	const e = err as { name?: string; message?: string; cause?: { code?: string } };
	return e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message ?? String(err));
}

/** The variables of an inbound answer: `{variables: {…}}` or a flat object of them (the docs do not say which). */
export function answeredVariables(answer: unknown): Record<string, unknown> {
	if (!isObject(answer)) return {};
	return isObject(answer.variables) ? answer.variables : answer;
}

/** Whether the inbound webhook reports the completed call instead of asking before pickup. */
export function inboundReportsCompletedCall(sb: Sandbox): boolean {
	return sb.opts.beyondDocs.inboundCallCompletedReport;
}

/**
 * The arriving call. The guide shows no payload, only that the request serves to "fetch and inject
 * real-time customer data" before pickup, which needs the caller: by default the caller's and the
 * assistant's numbers, named as every call payload of the docs names them
 * (https://docs.famulor.de/en/api-reference/webhooks/post-call). The rest of Activepieces' sample
 * is the option `inboundRequestCallDetails`.
 */
export function incomingPayload(sb: Sandbox, call: Call): Record<string, unknown> {
	const numbers = { customer_phone: call.customer_phone, assistant_phone: call.assistant_phone };
	if (!sb.opts.beyondDocs.inboundRequestCallDetails) return numbers;
	return {
		assistant_id: call.assistant_id,
		...numbers,
		call_id: call.id,
		timestamp: iso6(call.created_at),
		status: 'incoming',
		variables: call.input_variables,
	};
}

export interface InboundRequestSent {
	outcome: InboundRequestOutcome;
	logged: WebhookLogEntry;
}

/** POSTs the payload once and logs it; a 2xx JSON answer's variables are read. */
export async function sendInboundRequest(
	sb: Sandbox,
	call: Call,
	url: string,
	payload: Record<string, unknown>,
	timeoutMs: number,
): Promise<InboundRequestSent> {
	const started = Date.now();
	const outcome: InboundRequestOutcome = { url, duration_ms: 0, variables: {} };
	try {
		const res = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(payload),
			signal: AbortSignal.timeout(timeoutMs),
		});
		outcome.status = res.status;
		const answer = jsonOrText(await res.text());
		if (res.ok) outcome.variables = answeredVariables(answer);
	} catch (err) {
		outcome.error = failure(err);
	}
	outcome.duration_ms = Date.now() - started;
	const logged: WebhookLogEntry = {
		seq: ++sb.webhookSeq,
		at: sb.now(),
		callId: call.id,
		kind: 'inbound',
		url,
		attempt: 1,
		payload,
		...(outcome.status !== undefined ? { status: outcome.status } : { error: outcome.error }),
	};
	appendCapped(sb.webhooks, logged);
	return { outcome, logged };
}
