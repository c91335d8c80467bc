/** Calls: make_call (ends by itself after callDurationMs) and one call by id. */
import type { FastifyInstance } from 'fastify';
import { endCall, startCall } from '../callLifecycle';
import { callRecord } from '../format';
import { userOf } from '../http/context';
import { body, params } from '../http/input';
import { laravel422, send } from '../http/respond';
import type { Sandbox } from '../sandbox';
import { ownedAssistant, recordById } from '../tenancy';
import { E164, hasErrors, validate } from '../validation';

const MIN_CALL_BALANCE = 0.1;

export function registerCallRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.post('/api/user/make_call', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, {
			phone_number: ['required', 'string'],
			assistant_id: ['required', 'integer'],
			variables: ['nullable', 'object'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		if (!E164.test(b.phone_number as string)) {
			return send(reply, 400, { message: 'Invalid phone number format. Please use E.164 format (e.g. +1234567890)' });
		}
		const a = ownedAssistant(sb, user, b.assistant_id);
		if (!a) return send(reply, 404, { message: 'Assistant not found or does not belong to the authenticated user' });
		if (user.balance < MIN_CALL_BALANCE) {
			return send(reply, 422, { message: 'Insufficient balance to make call. Please top up your account.' });
		}
		const call = startCall(sb, a, {
			user_id: user.id,
			type: 'outbound',
			customer_phone: b.phone_number as string,
			input_variables: (b.variables ?? {}) as Record<string, unknown>,
		});
		if (sb.opts.callDurationMs > 0) {
			call.cancel = sb.schedule(sb.opts.callDurationMs, async () => {
				call.cancel = undefined;
				if (call.status === 'initiated') await endCall(sb, call, { status: 'completed' });
			});
		}
		return send(reply, 200, { message: 'Call initiated successfully', call_id: call.id, status: 'initiated' });
	});

	app.get('/api/user/calls/:id', async (req, reply) => {
		const user = userOf(req);
		const call = recordById(sb.state.calls, params(req).id);
		if (!call || call.user_id !== user.id) return send(reply, 404, { message: 'Call not found' });
		return send(reply, 200, callRecord(call));
	});
}
