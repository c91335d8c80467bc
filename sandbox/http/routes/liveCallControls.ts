/** Controls of calls in progress: a call arriving (with its inbound request) and the assistant invoking a mid-call tool. */
import type { FastifyInstance } from 'fastify';

import { callRecord } from '../../domain/calls/callRecords';
import { invokeTool, receiveCall } from '../../domain/calls/liveCall';
import { recordById } from '../../domain/tenancy';
import { hasErrors, isPlainObject, validate } from '../../domain/validation';
import type { Tool } from '../../model/assistants';
import type { Sandbox } from '../../model/sandbox';
import { CONTROL_PREFIX } from '../hooks/auth';
import { body, params } from '../input';
import { laravel422, send } from '../respond';

/** An argument of the declared type, as the assistant collects it; undefined when it fits. */
function argumentProblem(tool: Tool, args: Record<string, unknown>): string | undefined {
	for (const parameter of tool.schema) {
		const value = args[parameter.name];
		if (value === undefined) return `The argument ${parameter.name} is required by the tool.`;
		const type = typeof value;
		if (parameter.type === 'string' ? type !== 'string' : type !== parameter.type)
			return `The argument ${parameter.name} must be a ${parameter.type}.`;
	}
	return undefined;
}

export function registerLiveCallControlRoutes(app: FastifyInstance, sb: Sandbox): void {
	const P = CONTROL_PREFIX;

	app.post(`${P}/calls/incoming`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, {
			assistant_id: ['required', 'integer'],
			customer_phone: ['required', 'string', 'e164'],
			variables: ['nullable', 'object'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const a = sb.state.assistants.get(b.assistant_id as number);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		const call = await receiveCall(sb, a, {
			customer_phone: b.customer_phone as string,
			variables: (b.variables ?? {}) as Record<string, unknown>,
		});
		return send(reply, 200, {
			call: callRecord(call),
			inbound_request: call.inbound_request ?? null,
		});
	});

	app.post(`${P}/calls/:id/tools`, async (req, reply) => {
		const call = recordById(sb.state.calls, params(req).id);
		if (!call) return send(reply, 404, { message: 'Call not found' });
		const b = body(req);
		const errors = validate(b, { tool: ['required'], arguments: ['nullable', 'object'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (call.status !== 'initiated')
			return send(reply, 409, { message: `Call is not in progress (${call.status})` });
		const a = sb.state.assistants.get(call.assistant_id);
		const tool = (a?.tool_ids ?? [])
			.map((id) => sb.state.tools.get(id))
			.find((t) => t !== undefined && (t.name === b.tool || t.id === Number(b.tool)));
		if (!tool)
			return send(reply, 422, {
				message: `The call's assistant has no mid-call tool ${String(b.tool)}.`,
			});
		const args = isPlainObject(b.arguments) ? b.arguments : {};
		const problem = argumentProblem(tool, args);
		if (problem) return send(reply, 422, { message: problem });
		const functionCall = await invokeTool(sb, call, tool, args);
		return send(reply, 200, {
			call_id: call.id,
			function_call: functionCall,
			transcript: call.transcript,
		});
	});
}
