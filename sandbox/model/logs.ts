/** What the sandbox records for the controls: the request log, the webhook log and the armed faults. */
import type { UserName } from './accounts';

export interface RequestLogEntry {
	seq: number;
	at: number;
	method: string;
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, unknown>;
	user: UserName | null;
	contentType: string | null;
	body: unknown;
	status: number | null;
	fault?: string;
}

export interface WebhookLogEntry {
	seq: number;
	at: number;
	/** Set for call webhooks (post_call, inbound). */
	callId?: number;
	/** Set for conversation_ended deliveries (the conversation's UUID). */
	conversationId?: string;
	/** Set for message_status deliveries (WhatsApp read receipts). */
	whatsappMessageId?: number;
	kind: 'post_call' | 'inbound' | 'conversation_ended' | 'message_status';
	url: string;
	attempt: number;
	status?: number;
	error?: string;
	payload: Record<string, unknown>;
}

export interface Fault {
	method?: string;
	path: string;
	count: number;
	kind: string;
	retryAfter?: number;
	/** Matching requests let through (answered normally) before the fault applies. */
	skip?: number;
}

/** The request and webhook logs keep this many newest entries. */
const LOG_CAP = 50_000;

export function appendCapped<T>(log: T[], entry: T): void {
	log.push(entry);
	if (log.length > LOG_CAP) log.splice(0, log.length - LOG_CAP);
}
