/** The WhatsApp 24-hour customer-service window: its status, and customer messages that (re)open it. */
import { replyText } from './assistantReply';
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

/**
 * Opens or closes the customer's window as if their last message came now or 24 hours ago, so a
 * workflow's template branch can be tried (`npm run sandbox -- close-window`); the stored messages and
 * `updated_at` stay as they are, so a polling trigger sees no new message.
 */
export function setWindow(sb: Sandbox, conv: Conversation, open: boolean): void {
	conv.last_customer_message_at = open ? sb.now() : sb.now() - WINDOW_MS;
}

export interface CustomerMessage {
	senderId: number;
	phone: string;
	name?: string;
	text: string;
	/** The conversation's AI before the message, as a handover left it; unchanged when undefined (new: on). */
	aiEnabled?: boolean;
}

/**
 * A customer's message to a sender: finds or starts the conversation, opens its window and, while the
 * conversation's AI is on, stores the assistant's answer, as the service's assistant on the sender
 * answers by itself (https://docs.famulor.de/en/api-reference/conversations/disable-ai: while the AI
 * is off, messages are stored without an AI reply). A workflow that answers too sends a second reply.
 */
export function customerInbound(sb: Sandbox, m: CustomerMessage): Conversation {
	const s = sb.state;
	const sender = s.senders.get(m.senderId);
	if (!sender) throw new Error('sender not found');
	const now = sb.now();
	let conv = s.waIndex.get(`${m.senderId}|${m.phone}`);
	if (!conv) {
		conv = s.openConversation({
			user_id: sender.user_id,
			assistant_id: sender.assistant_id,
			type: 'whatsapp',
			external_identifier: null,
			sender_id: m.senderId,
			customer_name: m.name ?? null,
			customer_phone: m.phone,
		});
	}
	if (m.name) conv.customer_name = m.name;
	if (m.aiEnabled !== undefined) conv.ai_enabled = m.aiEnabled;
	const assistant = s.assistants.get(conv.assistant_id);
	const answer = conv.ai_enabled && assistant ? replyText(assistant, conv, m.text) : undefined;
	conv.last_customer_message_at = now;
	conv.messages.push({ role: 'user', content: m.text, at: now, direction: 'inbound' });
	conv.message_count++;
	if (answer !== undefined) {
		conv.messages.push({ role: 'assistant', content: answer, at: now, direction: 'outbound' });
		conv.message_count++;
	}
	conv.updated_at = now;
	touchConversation(sb, conv);
	return conv;
}
