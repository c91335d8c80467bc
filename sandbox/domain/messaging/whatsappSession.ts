/** The WhatsApp 24-hour customer-service window: its status, and customer messages that (re)open it. */
import { touchConversation } from './conversationEnd';
import { isoOffset } from '../formats';
import type { Sandbox } from '../../model/sandbox';
import type { Conversation } from '../../model/messaging';

const WINDOW_MS = 24 * 3600_000;

export function sessionStatus(
	sb: Sandbox,
	conv: Conversation | undefined,
): Record<string, unknown> {
	if (!conv || conv.last_customer_message_at === null) {
		return {
			is_open: false,
			can_send_freeform: false,
			requires_template: true,
			message: 'No conversation with this recipient. Send a template message to start one.',
		};
	}
	const expires = conv.last_customer_message_at + WINDOW_MS;
	const now = sb.now();
	if (now < expires) {
		const minutes = Math.floor((expires - now) / 60_000);
		return {
			is_open: true,
			can_send_freeform: true,
			requires_template: false,
			message: `Session is open. Free-form messages can be sent for ${minutes} more minutes.`,
			minutes_remaining: minutes,
			expires_at: isoOffset(expires),
		};
	}
	return {
		is_open: false,
		can_send_freeform: false,
		requires_template: true,
		message:
			'The 24-hour session has expired. Send a template message; free-form messages are possible again once the customer replies.',
		expired_at: isoOffset(expires),
	};
}

/** A customer's message to a sender: finds or starts the conversation and opens its window. */
export function customerInbound(
	sb: Sandbox,
	senderId: number,
	phone: string,
	name: string | undefined,
	text: string,
): Conversation {
	const s = sb.state;
	const sender = s.senders.get(senderId);
	if (!sender) throw new Error('sender not found');
	const now = sb.now();
	let conv = s.waIndex.get(`${senderId}|${phone}`);
	if (!conv) {
		conv = s.openConversation({
			user_id: sender.user_id,
			assistant_id: sender.assistant_id,
			type: 'whatsapp',
			external_identifier: null,
			sender_id: senderId,
			customer_name: name ?? null,
			customer_phone: phone,
		});
	}
	if (name) conv.customer_name = name;
	conv.last_customer_message_at = now;
	conv.messages.push({ role: 'user', content: text, at: now, direction: 'inbound' });
	conv.message_count++;
	conv.updated_at = now;
	touchConversation(sb, conv);
	return conv;
}
