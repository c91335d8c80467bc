/**
 * WhatsApp read receipts: per sender, a URL and a signing secret set in the dashboard (here: the
 * controls); every status change of a message the user sent is POSTed there, signed with
 * `X-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { touchConversation } from './conversationEnd';
import { isoOffset } from '../formats';
import type { Sandbox } from '../../model/sandbox';
import type { WebhookLogEntry } from '../../model/logs';
import type {
	Conversation,
	MessageStatus,
	ReadReceiptSettings,
	Sender,
	SentMessage,
} from '../../model/messaging';
import { deliverWebhook } from '../webhooks/webhookDelivery';

/** Statuses only move forward; failed and undelivered are final. */
const RANK: Record<MessageStatus, number> = {
	sent: 1,
	delivered: 2,
	read: 3,
	failed: 4,
	undelivered: 4,
};

export interface StatusDetails {
	error_code?: number | null;
	error_message?: string | null;
	error_description?: string | null;
}

export function signature(body: string, secret: string): string {
	return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** The sender's settings; a signing secret exists from the start, as the dashboard generates one. */
export function readReceiptSettings(sb: Sandbox, senderId: number): ReadReceiptSettings {
	let settings = sb.state.readReceipts.get(senderId);
	if (!settings) {
		settings = { url: null, signingSecret: randomBytes(32).toString('hex') };
		sb.state.readReceipts.set(senderId, settings);
	}
	return settings;
}

export function setReadReceiptUrl(
	sb: Sandbox,
	senderId: number,
	url: string | null,
): ReadReceiptSettings {
	const settings = readReceiptSettings(sb, senderId);
	settings.url = url;
	return settings;
}

export function regenerateSigningSecret(sb: Sandbox, senderId: number): ReadReceiptSettings {
	const settings = readReceiptSettings(sb, senderId);
	settings.signingSecret = randomBytes(32).toString('hex');
	return settings;
}

/** Called by every send of a WhatsApp message (free-form or template), so receipts can follow. */
export function recordSentMessage(
	sb: Sandbox,
	p: {
		whatsappMessageId: number;
		messageSid: string | null;
		sender: Sender;
		to: string;
		conversation: Conversation | undefined;
	},
): void {
	sb.state.sentWhatsApp.set(p.whatsappMessageId, {
		whatsappMessageId: p.whatsappMessageId,
		messageSid: p.messageSid,
		senderId: p.sender.id,
		to: p.to,
		conversationUuid: p.conversation?.uuid ?? null,
		assistantId: p.conversation?.assistant_id ?? p.sender.assistant_id,
		status: null,
	});
	// A message sent into a chat is activity: its inactivity countdown starts again.
	if (p.conversation) touchConversation(sb, p.conversation);
}

export function sentMessage(sb: Sandbox, whatsappMessageId: number): SentMessage | undefined {
	return sb.state.sentWhatsApp.get(whatsappMessageId);
}

/** Why the status cannot follow the message's current one, or undefined when it can. */
export function statusRefusal(message: SentMessage, next: MessageStatus): string | undefined {
	if (message.status === null) return undefined;
	if (RANK[message.status] === 4)
		return `Message ${message.whatsappMessageId} is already ${message.status}`;
	if (RANK[next] <= RANK[message.status])
		return `Statuses only move forward: ${message.status} → ${next}`;
	return undefined;
}

function receiptPayload(
	sb: Sandbox,
	message: SentMessage,
	sender: Sender,
	status: MessageStatus,
	details: StatusDetails,
): Record<string, unknown> {
	const failed = status === 'failed' || status === 'undelivered';
	return {
		event: 'message_status',
		whatsapp_message_id: message.whatsappMessageId,
		message_sid: message.messageSid,
		meta_message_id: null,
		conversation_id: message.conversationUuid,
		assistant_id:
			message.assistantId === null
				? null
				: (sb.state.assistants.get(message.assistantId)?.uuid ?? null),
		sender: { id: sender.id, phone_number: sender.phone_number, display_name: sender.display_name },
		to: message.to,
		from: sender.phone_number,
		direction: 'outbound',
		status,
		error_code: failed ? (details.error_code ?? 63016) : null,
		error_message: failed ? (details.error_message ?? 'Template message 24h window expired') : null,
		error_description: failed
			? (details.error_description ?? 'The message could not be delivered.')
			: null,
		timestamp: isoOffset(sb.now()),
		// Twilio-sent messages (message_sid set) carry no provider time.
		provider_timestamp: null,
	};
}

/** Moves the message to `status` and awaits the first delivery attempt (undefined when the sender has no receipt URL). */
export async function emitStatus(
	sb: Sandbox,
	message: SentMessage,
	status: MessageStatus,
	details: StatusDetails = {},
): Promise<WebhookLogEntry | undefined> {
	message.status = status;
	const sender = sb.state.senders.get(message.senderId);
	if (!sender) return undefined;
	const settings = readReceiptSettings(sb, sender.id);
	const url = settings.url;
	if (!url) return undefined;
	// Signed with the secret of the moment of sending; a regenerated secret applies to later events.
	const secret = settings.signingSecret;
	return await deliverWebhook(sb, {
		kind: 'message_status',
		url,
		payload: receiptPayload(sb, message, sender, status, details),
		headers: (body) => ({ 'x-signature-256': signature(body, secret) }),
		ids: { whatsappMessageId: message.whatsappMessageId },
		ownerId: sender.id,
	});
}
