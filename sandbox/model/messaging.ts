/** Chats and messages: conversations (test, widget, WhatsApp, API), WhatsApp senders and templates, SMS. */
export interface Sender {
	id: number;
	user_id: number;
	assistant_id: number;
	phone_number: string;
	display_name: string;
	status: 'online' | 'offline';
	quality_rating: string;
	messaging_limit: number | null;
}

export interface Message {
	role: 'user' | 'assistant';
	content: string;
	at: number;
	direction?: 'inbound' | 'outbound';
	/** WhatsApp messages the user sent (free-form or template): the ids the send answered with, for read receipts. */
	whatsapp?: OutboundWhatsApp;
}

export interface OutboundWhatsApp {
	kind: 'freeform' | 'template';
	message_id: number;
	whatsapp_message_id: number;
	message_sid: string;
	sender_id: number;
	to: string;
	template_id?: number;
}

export interface WhatsAppTemplate {
	id: number;
	sender_id: number;
	name: string;
	language: string;
	category: 'marketing' | 'utility' | 'authentication';
	status: 'approved' | 'pending' | 'rejected';
	body_text: string;
	/** human-readable names of the placeholders {{1}}, {{2}}, … in order */
	variables: string[];
}

export interface SmsRecord {
	sms_id: string;
	user_id: number;
	phone_number_id: number;
	from: string;
	to: string;
	body: string;
	segments: number;
	cost: number;
	at: number;
}

export interface Conversation {
	seq: number;
	numeric_id: number;
	uuid: string;
	user_id: number;
	assistant_id: number;
	type: 'test' | 'widget' | 'whatsapp' | 'api';
	variables: Record<string, unknown> | null;
	external_identifier: string | null;
	message_count: number;
	total_cost: number;
	ai_enabled: boolean;
	sender_id: number | null;
	customer_name: string | null;
	customer_phone: string | null;
	last_customer_message_at: number | null;
	messages: Message[];
	created_at: number;
	updated_at: number;
}

/** Statuses a sent WhatsApp message moves through (read receipts). */
export const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed', 'undelivered'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A sender's read-receipt webhook, as set in the dashboard: where status changes go and the secret signing them. */
export interface ReadReceiptSettings {
	url: string | null;
	signingSecret: string;
}

/** A WhatsApp message the user sent, whose status changes the read receipts report. */
export interface SentMessage {
	whatsappMessageId: number;
	messageSid: string | null;
	senderId: number;
	to: string;
	conversationUuid: string | null;
	assistantId: number | null;
	status: MessageStatus | null;
}

/**
 * Where a widget or WhatsApp chat stands on its way to the conversation-ended webhook: counting down
 * to its inactivity end (due at `dueAt` on the sandbox clock), or ended.
 */
export type ChatEnd = { status: 'counting'; dueAt: number } | { status: 'ended'; endedAt: number };
