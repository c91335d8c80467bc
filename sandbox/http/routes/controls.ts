/** Controls of the sandbox itself: clock, user balances, faults, the request and webhook logs, reset and state. */
import type { FastifyInstance } from 'fastify';
import { callRecord } from '../../domain/calls/callRecords';
import { conversationRecord } from '../../domain/messaging/conversationRecord';
import { iso6 } from '../../domain/formats';
import { CONTROL_PREFIX } from '../hooks/auth';
import { pathMatches } from '../hooks/faults';
import { body, params, query } from '../input';
import { laravel422, send } from '../respond';
import type { Fault } from '../../model/logs';
import type { Conversation } from '../../model/messaging';
import type { Sandbox } from '../../model/sandbox';
import { recordById, userByKey } from '../../domain/tenancy';
import { sessionStatus, setWindow } from '../../domain/messaging/whatsappSession';
import { hasErrors, intParam, validate } from '../../domain/validation';

export function registerControlRoutes(app: FastifyInstance, sb: Sandbox): void {
	const P = CONTROL_PREFIX;

	app.get(`${P}/clock`, async (_req, reply) =>
		send(reply, 200, { now: sb.now(), iso: new Date(sb.now()).toISOString() }),
	);
	app.post(`${P}/clock/advance`, async (req, reply) => {
		const b = body(req);
		if (typeof b.ms !== 'number' || !Number.isFinite(b.ms) || b.ms < 0)
			return laravel422(reply, { ms: ['The ms must be a number >= 0.'] });
		await sb.clock.advance(b.ms);
		return send(reply, 200, { now: sb.now() });
	});

	app.get(`${P}/calls`, async (_req, reply) =>
		send(reply, 200, [...sb.state.calls.values()].map(callRecord)),
	);
	app.get(`${P}/sms`, async (_req, reply) =>
		send(
			reply,
			200,
			sb.state.sms.map((m) => ({ ...m, at: iso6(m.at) })),
		),
	);

	app.post(`${P}/users/:user/balance`, async (req, reply) => {
		const u = userByKey(sb, params(req).user);
		if (!u) return send(reply, 404, { message: 'User not found' });
		const b = body(req);
		const errors = validate(b, { balance: ['required', 'numeric'] });
		if (typeof b.balance === 'number' && b.balance === 0) delete errors.balance; // 0 is a valid balance
		if (hasErrors(errors)) return laravel422(reply, errors);
		u.balance = b.balance as number;
		return send(reply, 200, { user: u.key, balance: u.balance });
	});

	app.post(`${P}/users/:user/payment-method`, async (req, reply) => {
		const u = userByKey(sb, params(req).user);
		if (!u) return send(reply, 404, { message: 'User not found' });
		const b = body(req);
		const errors = validate(b, { has_payment_method: ['required', 'boolean'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		u.hasPaymentMethod = b.has_payment_method as boolean;
		return send(reply, 200, { user: u.key, has_payment_method: u.hasPaymentMethod });
	});

	app.get(`${P}/faults`, async (_req, reply) => send(reply, 200, sb.faults));
	app.post(`${P}/faults`, async (req, reply) => {
		const b = body(req);
		const kind = typeof b.kind === 'number' ? String(b.kind) : b.kind;
		const errors = validate(
			{ ...b, kind },
			{
				method: ['nullable', 'string'],
				path: ['required', 'string'],
				count: ['nullable', 'integer', 'min:1'],
				kind: ['required', 'string', 'in:500,502,503,429,timeout,reset,malformed'],
				retryAfter: ['nullable', 'integer', 'min:0'],
				skip: ['nullable', 'integer', 'min:0'],
			},
		);
		if (hasErrors(errors)) return laravel422(reply, errors);
		const f: Fault = {
			path: b.path as string,
			count: (b.count ?? 1) as number,
			kind: kind as string,
		};
		if (typeof b.method === 'string') f.method = b.method.toUpperCase();
		if (typeof b.retryAfter === 'number') f.retryAfter = b.retryAfter;
		if (typeof b.skip === 'number') f.skip = b.skip;
		sb.faults.push(f);
		return send(reply, 200, { faults: sb.faults });
	});
	app.delete(`${P}/faults`, async (_req, reply) => {
		sb.faults = [];
		return send(reply, 200, { faults: [] });
	});

	app.get(`${P}/requests`, async (req, reply) => {
		const q = query(req);
		const since = intParam(q.since);
		const method = q.method?.toUpperCase();
		const path = q.path;
		const out = sb.requests.filter(
			(e) =>
				(since === undefined || Number.isNaN(since) || e.seq > since) &&
				(!method || e.method === method) &&
				(!path || pathMatches(path, e.path)),
		);
		return send(reply, 200, out);
	});
	app.delete(`${P}/requests`, async (_req, reply) => {
		sb.requests = [];
		return send(reply, 200, { cleared: true });
	});

	app.get(`${P}/webhooks`, async (req, reply) => {
		const q = query(req);
		const callId = intParam(q.callId);
		const since = intParam(q.since);
		return send(
			reply,
			200,
			sb.webhooks.filter(
				(w) =>
					(callId === undefined || w.callId === callId) &&
					(since === undefined || w.seq > since) &&
					(q.kind === undefined || w.kind === q.kind),
			),
		);
	});

	app.post(`${P}/reset`, async (_req, reply) => {
		sb.reset();
		return send(reply, 200, { reset: true, now: sb.now() });
	});

	app.get(`${P}/state/users`, async (_req, reply) =>
		send(
			reply,
			200,
			[...sb.state.users.values()].map((u) => ({
				user: u.key,
				id: u.id,
				balance: u.balance,
				has_payment_method: u.hasPaymentMethod,
			})),
		),
	);
	// the stored assistant, also the fields the API does not list (e.g. conversation_ended_webhook_url)
	app.get(`${P}/state/assistants/:id`, async (req, reply) => {
		const a = recordById(sb.state.assistants, params(req).id);
		if (!a) return send(reply, 404, { message: 'Assistant not found' });
		return send(reply, 200, a);
	});
	// every stored mid-call tool, whoever owns it: a test's view that spends none of the user's rate limit
	app.get(`${P}/state/tools`, async (_req, reply) =>
		send(reply, 200, [...sb.state.tools.values()]),
	);
	const withMessages = (c: Conversation) => ({
		...conversationRecord(sb.state, c),
		numeric_id: c.numeric_id,
		messages: c.messages.map((m) => ({ ...m, at: iso6(m.at) })),
	});
	app.get(`${P}/state/conversations/:uuid`, async (req, reply) => {
		const c = sb.state.conversationByUuid.get(params(req).uuid);
		if (!c) return send(reply, 404, { message: 'Conversation not found' });
		return send(reply, 200, withMessages(c));
	});
	const CHAT_RULES = {
		sender_id: ['required', 'integer'],
		customer_phone: ['required', 'string', 'e164'],
	};
	const noChat = (senderId: unknown, phone: unknown) => ({
		message: `No WhatsApp conversation of ${String(phone)} with sender ${String(senderId)}`,
	});
	// A WhatsApp chat by its sender and customer (`npm run sandbox -- messages`), with its messages.
	app.get(`${P}/whatsapp/conversation`, async (req, reply) => {
		const q = query(req);
		const errors = validate(
			{ sender_id: intParam(q.sender_id), customer_phone: q.customer_phone },
			CHAT_RULES,
		);
		if (hasErrors(errors)) return laravel422(reply, errors);
		const c = sb.state.waIndex.get(`${String(q.sender_id)}|${String(q.customer_phone)}`);
		if (!c) return send(reply, 404, noChat(q.sender_id, q.customer_phone));
		return send(reply, 200, withMessages(c));
	});
	// Opens or closes the chat's 24-hour window (`npm run sandbox -- close-window` / `open-window`).
	app.post(`${P}/whatsapp/window`, async (req, reply) => {
		const b = body(req);
		const errors = validate(b, { ...CHAT_RULES, open: ['required', 'boolean'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		const c = sb.state.waIndex.get(`${String(b.sender_id)}|${String(b.customer_phone)}`);
		if (!c) return send(reply, 404, noChat(b.sender_id, b.customer_phone));
		setWindow(sb, c, b.open as boolean);
		return send(reply, 200, { conversation_uuid: c.uuid, session_status: sessionStatus(sb, c) });
	});
}
