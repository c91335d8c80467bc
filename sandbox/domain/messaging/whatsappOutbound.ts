/**
 * WhatsApp messages the user sends (free-form and template): each is a message of its conversation,
 * carrying the ids the send answered with, and is handed to the read receipts (readReceipts.ts),
 * which keep its delivery status by `whatsapp_message_id`.
 */
import { createHash } from 'node:crypto';
import { roundAmount } from '../formats';
import { recordSentMessage } from './readReceipts';
import type { Sandbox } from '../../model/sandbox';
import type { Conversation, Message, OutboundWhatsApp } from '../../model/messaging';
import type { User } from '../../model/accounts';

/** Free-form and template sends share the one documented 5-per-second limit of the user. */
export function whatsAppSendRateKey(user: User): string {
	return `whatsapp-send|${user.id}`;
}

/** Charges the user, appends the message to the conversation and registers it for receipts; returns the ids of the send. */
export function recordOutboundWhatsApp(
	sb: Sandbox,
	user: User,
	conv: Conversation,
	sent: { kind: OutboundWhatsApp['kind']; content: string; cost: number; template_id?: number },
): OutboundWhatsApp {
	const now = sb.now();
	const waId = sb.state.nextWhatsappMessageId++;
	const whatsapp: OutboundWhatsApp = {
		kind: sent.kind,
		message_id: sb.state.nextMessageId++,
		whatsapp_message_id: waId,
		message_sid: `SM${createHash('md5').update(`sandbox-${waId}`).digest('hex')}`,
		sender_id: conv.sender_id!,
		to: conv.customer_phone!,
		...(sent.template_id !== undefined ? { template_id: sent.template_id } : {}),
	};
	const message: Message = {
		role: 'assistant',
		content: sent.content,
		at: now,
		direction: 'outbound',
		whatsapp,
	};
	user.balance = roundAmount(user.balance - sent.cost);
	conv.messages.push(message);
	conv.message_count++;
	conv.total_cost += sent.cost;
	conv.updated_at = now;
	recordSentMessage(sb, {
		whatsappMessageId: waId,
		messageSid: whatsapp.message_sid,
		sender: sb.state.senders.get(conv.sender_id!)!,
		to: whatsapp.to,
		conversation: conv,
	});
	return whatsapp;
}
