/** Calls: make_call (ends by itself after callDurationMs), the paged list with its filters, one call by id, delete. */
import type { FastifyInstance } from 'fastify';
import { endAfterCallDuration, startCall } from '../../domain/calls/callLifecycle';
import { apiCallRecord } from '../../domain/calls/callRecords';
import { userOf } from '../context';
import { body, params, query } from '../input';
import { laravelPage } from '../paginator';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { Call } from '../../model/calls';
import type { User } from '../../model/accounts';
import { ownedAssistant, recordById } from '../../domain/tenancy';
import { E164, hasErrors, validate } from '../../domain/validation';
import { callListFilter } from './callListFilter';

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
			return send(reply, 400, {
				message: 'Invalid phone number format. Please use E.164 format (e.g. +1234567890)',
			});
		}
		const a = ownedAssistant(sb, user, b.assistant_id);
		if (!a)
			return send(reply, 404, {
				message: 'Assistant not found or does not belong to the authenticated user',
			});
		if (user.balance < MIN_CALL_BALANCE) {
			return send(reply, 422, {
				message: 'Insufficient balance to make call. Please top up your account.',
			});
		}
		const call = startCall(sb, a, {
			user_id: user.id,
			type: 'outbound',
			customer_phone: b.phone_number as string,
			input_variables: (b.variables ?? {}) as Record<string, unknown>,
		});
		endAfterCallDuration(sb, call);
		return send(reply, 200, {
			message: 'Call initiated successfully',
			call_id: call.id,
			status: 'initiated',
		});
	});

	app.get('/api/user/calls', async (req, reply) => {
		const user = userOf(req);
		const filter = callListFilter(query(req));
		if ('errors' in filter) return laravel422(reply, filter.errors);
		const calls = [...sb.state.calls.values()]
			.filter((c) => c.user_id === user.id && filter.matches(c))
			.sort((x, y) => y.created_at - x.created_at || y.id - x.id)
			.map((c) => apiCallRecord(sb.state, c, 'list'));
		return send(
			reply,
			200,
			laravelPage(calls, filter.page, filter.perPage, `${sb.baseUrl}/api/user/calls`),
		);
	});

	const ownedCall = (user: User, id: unknown): Call | undefined => {
		const call = recordById(sb.state.calls, id);
		return call && call.user_id === user.id ? call : undefined;
	};

	app.get('/api/user/calls/:id', async (req, reply) => {
		const call = ownedCall(userOf(req), params(req).id);
		if (!call) return send(reply, 404, { message: 'Call not found' });
		return send(reply, 200, apiCallRecord(sb.state, call, 'get'));
	});

	// Removes the record, transcript and recording; a call still running no longer ends in the sandbox (no webhook follows).
	app.delete('/api/user/calls/:call', async (req, reply) => {
		const call = ownedCall(userOf(req), params(req).call);
		if (!call)
			return send(reply, 404, {
				message: 'Call not found or does not belong to the authenticated user',
			});
		call.cancel?.();
		sb.state.calls.delete(call.id);
		return send(reply, 200, { message: 'Call deleted successfully' });
	});
}
