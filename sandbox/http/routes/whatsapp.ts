/** WhatsApp: senders, the 24-hour session status and free-form messages (rate-limited per user). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isoOffset } from '../../domain/formats';
import { userOf } from '../context';
import { body, query } from '../input';
import { withinRateLimit } from '../rateLimit';
import { send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import {
	addError,
	E164,
	Errors,
	firstError,
	hasErrors,
	intParam,
	validate,
} from '../../domain/validation';
import {
	recordOutboundWhatsApp,
	whatsAppSendRateKey,
} from '../../domain/messaging/whatsappOutbound';
import { sessionStatus } from '../../domain/messaging/whatsappSession';

const FREEFORM_COST = 0.05;

/** The WhatsApp endpoints' error shape: `{success: false, error, error_code, ...}`. */
export function waError(
	reply: FastifyReply,
	status: number,
	error: string,
	code: string,
	extra: Record<string, unknown> = {},
): FastifyReply {
	return send(reply, status, { success: false, error, error_code: code, ...extra });
}

export function invalidPhone(reply: FastifyReply): FastifyReply {
	return waError(
		reply,
		422,
		'Invalid phone number format. Use E.164 format (e.g. +4917612345678).',
		'INVALID_PHONE',
	);
}

export function registerWhatsAppRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.get('/api/user/whatsapp/senders', async (req, reply) => {
		const user = userOf(req);
		const status = query(req).status ?? 'online';
		if (status !== 'online' && status !== 'all')
			return waError(reply, 422, 'The selected status is invalid.', 'VALIDATION_ERROR', {
				errors: { status: ['The selected status is invalid.'] },
			});
		const data = [...sb.state.senders.values()]
			.filter((s) => s.user_id === user.id && (status === 'all' || s.status === 'online'))
			.map((s) => ({
				id: s.id,
				phone_number: s.phone_number,
				display_name: s.display_name,
				status: s.status,
				quality_rating: s.quality_rating,
				messaging_limit: s.messaging_limit,
				messaging_limit_formatted:
					s.messaging_limit === null ? 'Unlimited' : `${s.messaging_limit} / 24h`,
			}));
		return send(reply, 200, { data });
	});

	app.get('/api/user/whatsapp/session-status', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const senderId = intParam(q.sender_id);
		if (senderId === undefined) addError(errors, 'sender_id', 'The sender id field is required.');
		else if (Number.isNaN(senderId))
			addError(errors, 'sender_id', 'The sender id must be an integer.');
		if (q.recipient_phone === undefined || q.recipient_phone === '')
			addError(errors, 'recipient_phone', 'The recipient phone field is required.');
		if (hasErrors(errors))
			return waError(reply, 422, firstError(errors), 'VALIDATION_ERROR', { errors });
		if (!E164.test(q.recipient_phone!)) return invalidPhone(reply);
		const sender = sb.state.senders.get(senderId!);
		if (!sender || sender.user_id !== user.id)
			return waError(reply, 404, 'Sender not found', 'SENDER_NOT_FOUND');
		const conv = sb.state.waIndex.get(`${sender.id}|${q.recipient_phone}`);
		if (!conv)
			return send(reply, 200, {
				success: true,
				has_conversation: false,
				session_status: sessionStatus(sb, undefined),
			});
		return send(reply, 200, {
			success: true,
			has_conversation: true,
			conversation_id: conv.numeric_id,
			customer_name: conv.customer_name,
			last_customer_message_at:
				conv.last_customer_message_at === null ? null : isoOffset(conv.last_customer_message_at),
			session_status: sessionStatus(sb, conv),
		});
	});

	app.post('/api/user/whatsapp/send-freeform', async (req, reply) => {
		const user = userOf(req);
		if (!withinRateLimit(sb, reply, whatsAppSendRateKey(user), sb.opts.rateLimits.sendFreeform))
			return reply;
		const b = body(req);
		const errors = validate(b, {
			sender_id: ['required', 'integer'],
			recipient_phone: ['required', 'string'],
			message: ['required', 'string', 'max:4096'],
		});
		if (hasErrors(errors))
			return waError(reply, 422, firstError(errors), 'VALIDATION_ERROR', { errors });
		if (!E164.test(b.recipient_phone as string)) return invalidPhone(reply);
		const sender = sb.state.senders.get(b.sender_id as number);
		if (!sender || sender.user_id !== user.id)
			return waError(reply, 404, 'Sender not found or does not belong to you', 'SENDER_NOT_FOUND');
		if (sender.status !== 'online') {
			return waError(
				reply,
				503,
				`Sender is not online. Current status: ${sender.status === 'offline' ? 'Offline' : sender.status}`,
				'SENDER_OFFLINE',
			);
		}
		const conv = sb.state.waIndex.get(`${sender.id}|${b.recipient_phone as string}`);
		const status = sessionStatus(sb, conv);
		if (!conv || status.is_open !== true) {
			return waError(
				reply,
				403,
				// the text of https://docs.famulor.de/en/api-reference/whatsapp/send-freeform
				'The 24-hour messaging window is closed. Customer must reply first, or use a template message.',
				'SESSION_EXPIRED',
				{
					session_status: status,
				},
			);
		}
		if (user.balance < FREEFORM_COST) {
			return waError(
				reply,
				402,
				'Insufficient balance. Please top up your account.',
				'INSUFFICIENT_BALANCE',
			);
		}
		const sent = recordOutboundWhatsApp(sb, user, conv, {
			kind: 'freeform',
			content: b.message as string,
			cost: FREEFORM_COST,
		});
		return send(reply, 200, {
			success: true,
			conversation_id: conv.numeric_id,
			message_id: sent.message_id,
			whatsapp_message_id: sent.whatsapp_message_id,
			message_sid: sent.message_sid,
			session_status: sessionStatus(sb, conv),
		});
	});
}
