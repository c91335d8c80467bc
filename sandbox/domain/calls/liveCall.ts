/**
 * A call in progress reaching out, as the service does: the inbound request when a call arrives
 * (inboundRequest.ts) and mid-call tool requests during the call
 * (https://docs.famulor.de/en/ai-assistants/custom-mid-call-tools: the tool's method, headers and
 * timeout, `{param}` placeholders in the endpoint, the assistant speaks from the answer).
 */
import type { Assistant, Tool } from '../../model/assistants';
import type { Call, FunctionCall } from '../../model/calls';
import type { Sandbox } from '../../model/sandbox';
import { endAfterCallDuration, startCall } from './callLifecycle';
import {
	failure,
	inboundReportsCompletedCall,
	incomingPayload,
	jsonOrText,
	sendInboundRequest,
} from './inboundRequest';

/** What the assistant says of an answer at most. */
const SPOKEN_MAX_CHARS = 500;
const NO_ANSWER_LINE = 'Sorry, I could not look that up right now.';

/**
 * A call arrives: the inbound request first (answered variables merged into the call's), then the
 * call runs. Under `inboundCallCompletedReport` the inbound webhook hears of the call at its end instead.
 */
export async function receiveCall(
	sb: Sandbox,
	a: Assistant,
	p: { customer_phone: string; variables: Record<string, unknown> },
): Promise<Call> {
	const call = startCall(sb, a, {
		user_id: a.user_id,
		type: 'inbound',
		customer_phone: p.customer_phone,
		input_variables: { ...p.variables },
	});
	if (a.inbound_webhook_url && !inboundReportsCompletedCall(sb)) {
		const url = a.inbound_webhook_url;
		call.inbound_request = (
			await sendInboundRequest(sb, call, url, incomingPayload(sb, call), sb.opts.inboundTimeoutMs)
		).outcome;
		call.input_variables = { ...call.input_variables, ...call.inbound_request.variables };
	}
	endAfterCallDuration(sb, call);
	return call;
}

/** The endpoint with `{param}` placeholders filled in. */
function endpointFor(tool: Tool, args: Record<string, unknown>): URL {
	const filled = tool.endpoint.replace(/\{([A-Za-z_]+)\}/g, (whole, name: string) =>
		name in args ? encodeURIComponent(String(args[name])) : whole,
	);
	return new URL(filled);
}

function spokenOf(result: unknown): string {
	const text = typeof result === 'string' ? result : JSON.stringify(result);
	return text.length > SPOKEN_MAX_CHARS ? `${text.slice(0, SPOKEN_MAX_CHARS)}…` : text;
}

/** The assistant calls the tool with the arguments it collected, then says what came back. */
export async function invokeTool(
	sb: Sandbox,
	call: Call,
	tool: Tool,
	args: Record<string, unknown>,
): Promise<FunctionCall> {
	const url = endpointFor(tool, args);
	const headers: Record<string, string> = {};
	for (const header of tool.headers) headers[header.name] = header.value;
	const init: RequestInit = { method: tool.method, headers };
	if (tool.method === 'GET' || tool.method === 'DELETE') {
		for (const [name, value] of Object.entries(args)) url.searchParams.set(name, String(value));
	} else {
		headers['content-type'] = 'application/json';
		init.body = JSON.stringify(args);
	}
	const started = Date.now();
	const record: FunctionCall = {
		name: tool.name,
		tool_id: tool.id,
		arguments: args,
		result: null,
		duration_ms: 0,
		spoken: NO_ANSWER_LINE,
	};
	try {
		const res = await fetch(url, { ...init, signal: AbortSignal.timeout(tool.timeout * 1000) });
		record.status = res.status;
		record.result = jsonOrText(await res.text());
		if (res.ok) record.spoken = spokenOf(record.result);
	} catch (err) {
		record.error = failure(err);
	}
	record.duration_ms = Date.now() - started;
	const a = sb.state.assistants.get(call.assistant_id);
	const before = call.transcript ?? `Assistant: ${a?.initial_message ?? 'Hello'}`;
	call.transcript = `${before}\nAssistant: ${record.spoken}`;
	(call.function_calls ??= []).push(record);
	return record;
}
