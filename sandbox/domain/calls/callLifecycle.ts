/** Calls: starting one, ending it, and delivering its post-call webhook (with retries). */
import { callCosts } from './callCosts';
import type { Assistant } from '../../model/assistants';
import type { Call, CallStatus } from '../../model/calls';
import { roundAmount } from '../formats';
import { webhookPayload } from './callRecords';
import type { Sandbox } from '../../model/sandbox';
import type { WebhookLogEntry } from '../../model/logs';
import { deliverWebhook } from '../webhooks/webhookDelivery';
import { inboundReportsCompletedCall, sendInboundRequest } from './inboundRequest';

export interface CallEnd {
	status: CallStatus;
	transcript?: string | null;
	extracted_variables?: Record<string, unknown>;
	duration?: number;
}

/** Stores a new call (status 'initiated') from the assistant's number to the customer. */
export function startCall(
	sb: Sandbox,
	a: Assistant,
	p: {
		user_id: number;
		type: Call['type'];
		customer_phone: string;
		input_variables: Record<string, unknown>;
		campaign?: Call['campaign'];
	},
): Call {
	const now = sb.now();
	const phone =
		a.phone_number_id !== null ? sb.state.phoneNumbers.get(a.phone_number_id) : undefined;
	const call: Call = {
		id: sb.state.nextCallId++,
		user_id: p.user_id,
		assistant_id: a.id,
		type: p.type,
		customer_phone: p.customer_phone,
		assistant_phone: phone?.phone_number ?? null,
		status: 'initiated',
		duration: 0,
		transcript: null,
		extracted_variables: null,
		input_variables: p.input_variables,
		recording_url: null,
		created_at: now,
		updated_at: now,
		finished_at: null,
		campaign: p.campaign ?? null,
		answered_by: null,
		carrier_cost: 0,
		total_cost: 0,
		webhook_response: null,
	};
	sb.state.calls.set(call.id, call);
	return call;
}

/** The call ends by itself ('completed') after the sandbox's call duration, unless that is 0 or it ended before. */
export function endAfterCallDuration(sb: Sandbox, call: Call): void {
	if (sb.opts.callDurationMs <= 0) return;
	call.cancel = sb.schedule(sb.opts.callDurationMs, async () => {
		call.cancel = undefined;
		if (call.status === 'initiated') await endCall(sb, call, { status: 'completed' });
	});
}

/** The turns spoken so far (mid-call tools' answers, liveCall.ts), closed; a made-up exchange for a call without any. */
function closingTranscript(
	a: Assistant | undefined,
	spoken: string | null,
	completed: boolean,
): string | null {
	if (spoken) return completed ? `${spoken}\nAssistant: Goodbye!` : spoken;
	return completed
		? `Assistant: ${a?.initial_message ?? 'Hello'}\nCustomer: Hi, thanks for calling.\nAssistant: Goodbye!`
		: null;
}

function generatedExtracted(a: Assistant | undefined): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const item of a?.post_call_schema ?? []) {
		if (item.type === 'number') out[item.name] = 42;
		else if (item.type === 'bool' || item.type === 'boolean') out[item.name] = true;
		else out[item.name] = `sample ${item.name}`;
	}
	return out;
}

/** Under `inboundCallCompletedReport`, an ended inbound call's one request to the inbound webhook. */
async function reportInboundCall(
	sb: Sandbox,
	a: Assistant | undefined,
	call: Call,
): Promise<WebhookLogEntry[]> {
	if (call.type !== 'inbound' || !a?.inbound_webhook_url || !inboundReportsCompletedCall(sb))
		return [];
	const url = a.inbound_webhook_url;
	const timeoutMs = sb.opts.webhookTimeoutMs;
	return [(await sendInboundRequest(sb, call, url, webhookPayload(call), timeoutMs)).logged];
}

/** Ends the call, bills its minutes to the owner and awaits the first attempt of its post-call webhook. */
export async function endCall(sb: Sandbox, call: Call, p: CallEnd): Promise<WebhookLogEntry[]> {
	call.cancel?.();
	call.cancel = undefined;
	const a = sb.state.assistants.get(call.assistant_id);
	const now = sb.now();
	const completed = p.status === 'completed';
	call.status = p.status;
	call.duration =
		p.duration ?? (completed ? Math.max(1, Math.round((now - call.created_at) / 1000)) : 0);
	call.transcript =
		p.transcript !== undefined ? p.transcript : closingTranscript(a, call.transcript, completed);
	call.extracted_variables = p.extracted_variables ?? (completed ? generatedExtracted(a) : {});
	call.recording_url =
		a?.include_recording_in_webhook && completed
			? `https://recordings.famulor.de/sandbox/${call.id}.mp3`
			: null;
	call.answered_by = completed ? 'human' : null;
	Object.assign(call, callCosts(call.duration));
	const owner = sb.state.userById(call.user_id);
	if (owner) owner.balance = roundAmount(owner.balance - call.total_cost);
	call.updated_at = now;
	call.finished_at = now;
	call.afterEnd?.();
	const inboundReport = await reportInboundCall(sb, a, call);
	// The post-call webhook reports every call. An inbound call's inbound webhook hears of it once:
	// when it arrived (liveCall.ts) or, under `inboundCallCompletedReport`, here (inboundRequest.ts).
	if (
		!a ||
		!a.is_webhook_active ||
		!a.webhook_url ||
		(a.send_webhook_only_on_completed && !completed)
	)
		return inboundReport;
	const delivered = await deliverWebhook(sb, {
		kind: 'post_call',
		url: a.webhook_url,
		// As the call ended, a campaign call's lead and campaign included.
		payload: { ...webhookPayload(call), ...call.webhookContext?.() },
		ids: { callId: call.id },
		ownerId: call.assistant_id,
	});
	return delivered ? [...inboundReport, delivered] : inboundReport;
}
