/** Controls for the chat-side webhooks: end a chat now, a sender's read-receipt settings, statuses of a sent message. */
import type { FastifyInstance } from 'fastify';
import {
	endConversation,
	endsWithWebhook,
	conversationEndedAt,
} from '../../domain/messaging/conversationEnd';
import { CONTROL_PREFIX } from '../hooks/auth';
import { body, params } from '../input';
import { laravel422, send } from '../respond';
import {
	emitStatus,
	readReceiptSettings,
	regenerateSigningSecret,
	sentMessage,
	setReadReceiptUrl,
	statusRefusal,
} from '../../domain/messaging/readReceipts';
import { MESSAGE_STATUSES, type MessageStatus } from '../../model/messaging';
import type { Sandbox } from '../../model/sandbox';
import type { WebhookLogEntry } from '../../model/logs';
import { recordById } from '../../domain/tenancy';
import { hasErrors, isId, validate } from '../../domain/validation';

export function registerChatWebhookControlRoutes(app: FastifyInstance, sb: Sandbox): void {
	const P = CONTROL_PREFIX;

	app.post(`${P}/conversations/:uuid/end`, async (req, reply) => {
		const conv = sb.state.conversationByUuid.get(params(req).uuid);
		if (!conv) return send(reply, 404, { message: 'Conversation not found' });
		if (!endsWithWebhook(conv))
			return send(reply, 409, {
				message: `Only widget and WhatsApp chats end with the conversation-ended webhook (this one is ${conv.type})`,
			});
		if (conversationEndedAt(sb, conv) !== undefined)
			return send(reply, 409, { message: 'Conversation already ended' });
		const b = body(req);
		const errors = validate(b, {
			extracted_variables: ['nullable', 'object'],
			attachments: ['nullable', 'array'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const delivery = await endConversation(sb, conv, {
			extracted_variables: (b.extracted_variables ?? undefined) as
				Record<string, unknown> | undefined,
			attachments: (b.attachments ?? undefined) as Array<Record<string, unknown>> | undefined,
		});
		return send(reply, 200, { conversation_id: conv.uuid, deliveries: delivery ? [delivery] : [] });
	});

	const senderSettings = (senderId: number) => {
		const s = readReceiptSettings(sb, senderId);
		return { sender_id: senderId, url: s.url, signing_secret: s.signingSecret };
	};

	app.get(`${P}/whatsapp/senders/:id/read-receipts`, async (req, reply) => {
		const sender = recordById(sb.state.senders, params(req).id);
		if (!sender) return send(reply, 404, { message: 'Sender not found' });
		return send(reply, 200, senderSettings(sender.id));
	});

	app.put(`${P}/whatsapp/senders/:id/read-receipts`, async (req, reply) => {
		const sender = recordById(sb.state.senders, params(req).id);
		if (!sender) return send(reply, 404, { message: 'Sender not found' });
		const b = body(req);
		const errors = validate(b, { url: ['nullable', 'string', 'url'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		setReadReceiptUrl(sb, sender.id, (b.url ?? null) as string | null);
		return send(reply, 200, senderSettings(sender.id));
	});

	app.post(`${P}/whatsapp/senders/:id/read-receipts/regenerate`, async (req, reply) => {
		const sender = recordById(sb.state.senders, params(req).id);
		if (!sender) return send(reply, 404, { message: 'Sender not found' });
		regenerateSigningSecret(sb, sender.id);
		return send(reply, 200, senderSettings(sender.id));
	});

	app.post(`${P}/whatsapp/messages/:id/statuses`, async (req, reply) => {
		const id = params(req).id;
		const message = isId(id) ? sentMessage(sb, Number(id)) : undefined;
		if (!message) return send(reply, 404, { message: 'Message not found' });
		const b = body(req);
		const errors = validate(b, {
			statuses: ['required', 'array'],
			error_code: ['nullable', 'integer'],
			error_message: ['nullable', 'string'],
			error_description: ['nullable', 'string'],
		});
		const statuses = Array.isArray(b.statuses) ? (b.statuses as unknown[]) : [];
		if (
			!errors.statuses &&
			(statuses.length === 0 ||
				!statuses.every((s) => MESSAGE_STATUSES.includes(s as MessageStatus)))
		) {
			errors.statuses = [`Each status must be one of ${MESSAGE_STATUSES.join(', ')}.`];
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const deliveries: WebhookLogEntry[] = [];
		for (const status of statuses as MessageStatus[]) {
			const refusal = statusRefusal(message, status);
			if (refusal) return send(reply, 409, { message: refusal, deliveries });
			const entry = await emitStatus(sb, message, status, {
				error_code: b.error_code as number | null | undefined,
				error_message: b.error_message as string | null | undefined,
				error_description: b.error_description as string | null | undefined,
			});
			if (entry) deliveries.push(entry);
		}
		return send(reply, 200, {
			whatsapp_message_id: message.whatsappMessageId,
			status: message.status,
			deliveries,
		});
	});
}
