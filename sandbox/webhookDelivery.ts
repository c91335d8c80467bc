/**
 * Delivery of the chat-side webhooks (conversation ended, WhatsApp read receipts): one POST per
 * attempt, logged in the webhook log, retried on the sandbox clock at the documented intervals.
 */
import { appendCapped, Sandbox, WebhookLogEntry } from './sandbox';

/** Retry delays of both chat webhooks: 30 s, 60 s and 120 s after a failed attempt (4 attempts in all). */
export const CHAT_WEBHOOK_RETRY_DELAYS_MS = [30_000, 60_000, 120_000];

export interface WebhookJob {
	kind: WebhookLogEntry['kind'];
	url: string;
	payload: Record<string, unknown>;
	/** Extra request headers, e.g. a signature computed over `body`. */
	headers?: (body: string) => Record<string, string>;
	/** Ids copied into every log entry of the job. */
	ids: Pick<WebhookLogEntry, 'conversationId' | 'whatsappMessageId'>;
	/** False once the webhook was switched off or re-pointed: pending retries stop. */
	stillWanted: () => boolean;
	/** Whether a failed attempt (status, or undefined for a network failure) is tried again. */
	retryable: (status: number | undefined) => boolean;
}

function failureReason(err: unknown): string {
	const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
	return e.name === 'TimeoutError'
		? 'timeout'
		: (e.cause?.code ?? e.cause?.message ?? e.message ?? String(err));
}

/** Sends one attempt and schedules the next on failure; resolves with this attempt's log entry (undefined: no longer wanted). */
export async function deliverWebhook(
	sb: Sandbox,
	job: WebhookJob,
	attempt = 1,
): Promise<WebhookLogEntry | undefined> {
	if (!job.stillWanted()) return undefined;
	const body = JSON.stringify(job.payload);
	const entry: WebhookLogEntry = {
		seq: ++sb.webhookSeq,
		at: sb.now(),
		kind: job.kind,
		url: job.url,
		attempt,
		payload: job.payload,
		...job.ids,
	};
	try {
		const res = await fetch(job.url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'user-agent': 'Famulor-Webhook/1.0 (sandbox)',
				...(job.headers?.(body) ?? {}),
			},
			body,
			signal: AbortSignal.timeout(sb.opts.webhookTimeoutMs),
		});
		entry.status = res.status;
		await res.arrayBuffer().catch(() => undefined);
	} catch (err) {
		entry.error = failureReason(err);
	}
	appendCapped(sb.webhooks, entry);
	const ok = entry.status !== undefined && entry.status >= 200 && entry.status < 300;
	if (!ok && attempt <= CHAT_WEBHOOK_RETRY_DELAYS_MS.length && job.retryable(entry.status)) {
		sb.schedule(CHAT_WEBHOOK_RETRY_DELAYS_MS[attempt - 1], () =>
			deliverWebhook(sb, job, attempt + 1),
		);
	}
	return entry;
}
