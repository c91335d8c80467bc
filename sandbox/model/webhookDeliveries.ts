/**
 * A webhook delivery still under way: data, not a timer, so a state file keeps it and a restarted
 * sandbox retries it when due (domain/webhooks/webhookDelivery.ts).
 */
import type { WebhookLogEntry } from './logs';

/** Every webhook but the inbound request, a live question with 2 s to answer and no retry (domain/calls/liveCall.ts). */
export type WebhookKind = Exclude<WebhookLogEntry['kind'], 'inbound'>;

export interface PendingWebhook {
	kind: WebhookKind;
	url: string;
	/** What every attempt sends, byte for byte: a retry is the same delivery, and a signature covers it. */
	body: string;
	/** Headers of every attempt beyond the common ones (a read receipt's signature, made with the secret of the moment of sending). */
	headers: Record<string, string>;
	/** Ids copied into every log entry of the delivery. */
	ids: Pick<WebhookLogEntry, 'callId' | 'conversationId' | 'whatsappMessageId'>;
	/** Whose webhook it is: the assistant's (post-call, conversation ended) or the sender's (read receipts). */
	ownerId: number;
	/** The attempt made next, counting from 1, and when it is due on the sandbox clock. */
	attempt: number;
	dueAt: number;
}
