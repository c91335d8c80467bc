/**
 * A call in progress reaching out, as the service does: the inbound request when a call arrives
 * (https://docs.famulor.de/en/automation-platform/calls-related/Famulor-tool: before the assistant picks
 * up, answered variables go into the call, "keep processing under 2 seconds") and mid-call tool requests
 * during the call (https://docs.famulor.de/en/ai-assistants/custom-mid-call-tools: the tool's method,
 * headers and timeout, `{param}` placeholders in the endpoint, the assistant speaks from the answer).
 */
import type { Assistant, Tool } from '../../model/assistants';
import type { Call, FunctionCall, InboundRequestOutcome } from '../../model/calls';
import { appendCapped } from '../../model/logs';
import type { Sandbox } from '../../model/sandbox';
import { iso6 } from '../formats';
import { endAfterCallDuration, startCall } from './callLifecycle';

/** How long an incoming call waits for the inbound request's answer before the assistant picks up. */
export const INBOUND_BUDGET_MS = 2_000;
/** What the assistant says of an answer at most. */
const SPOKEN_MAX_CHARS = 500;
const NO_ANSWER_LINE = 'Sorry, I could not look that up right now.';
const USER_AGENT = 'Famulor-Webhook/1.0 (sandbox)';

function jsonOrText(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** A live request's deadline: the service's, unless the sandbox runs without them (tests on a loaded machine). */
function deadline(sb: Sandbox, ms: number): AbortSignal | undefined {
	return sb.opts.liveDeadlines ? AbortSignal.timeout(ms) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failure(err: unknown): string {
	const e = err as { name?: string; message?: string; cause?: { code?: string } };
	return e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message ?? String(err));
}

/** The variables of an inbound answer: `{variables: {…}}` or a flat object of them (the docs do not say which). */
export function answeredVariables(answer: unknown): Record<string, unknown> {
	if (!isObject(answer)) return {};
	return isObject(answer.variables) ? answer.variables : answer;
}

async function askInbound(sb: Sandbox, call: Call, url: string): Promise<InboundRequestOutcome> {
	const payload = {
		assistant_id: call.assistant_id,
		customer_phone: call.customer_phone,
		assistant_phone: call.assistant_phone,
		call_id: call.id,
		timestamp: iso6(call.created_at),
		status: 'incoming',
		variables: call.input_variables,
	};
	const started = Date.now();
	const outcome: InboundRequestOutcome = { url, duration_ms: 0, variables: {} };
	try {
		const res = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
			body: JSON.stringify(payload),
			signal: deadline(sb, INBOUND_BUDGET_MS),
		});
		outcome.status = res.status;
		const answer = jsonOrText(await res.text());
		if (res.ok) outcome.variables = answeredVariables(answer);
	} catch (err) {
		outcome.error = failure(err);
	}
	outcome.duration_ms = Date.now() - started;
	appendCapped(sb.webhooks, {
		seq: ++sb.webhookSeq,
		at: sb.now(),
		callId: call.id,
		kind: 'inbound',
		url,
		attempt: 1,
		payload,
		...(outcome.status !== undefined ? { status: outcome.status } : { error: outcome.error }),
	});
	return outcome;
}

/** A call arrives: the inbound request first (answered variables merged into the call's), then the call runs. */
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
	if (a.inbound_webhook_url) {
		call.inbound_request = await askInbound(sb, call, a.inbound_webhook_url);
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
	const headers: Record<string, string> = { 'user-agent': USER_AGENT };
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
		const res = await fetch(url, { ...init, signal: deadline(sb, tool.timeout * 1000) });
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
