/**
 * Delivery of every webhook the sandbox sends (post-call, inbound, conversation ended, WhatsApp read
 * receipts): one POST per attempt, logged in the webhook log, retried on the sandbox clock.
 */
import { appendCapped, WebhookLogEntry } from '../../model/logs';
import { Sandbox } from '../../model/sandbox';

/** Retry delays of both chat webhooks: 30 s, 60 s and 120 s after a failed attempt (4 attempts in all). */
export const CHAT_WEBHOOK_RETRY_DELAYS_MS = [30_000, 60_000, 120_000];

export interface WebhookJob {
	kind: WebhookLogEntry['kind'];
	url: string;
	/** The body, or how each attempt builds it. */
	payload: Record<string, unknown> | (() => Record<string, unknown>);
	/** Extra request headers, e.g. a signature computed over `body`. */
	headers?: (body: string) => Record<string, string>;
	/** Ids copied into every log entry of the job. */
	ids: Pick<WebhookLogEntry, 'callId' | 'conversationId' | 'whatsappMessageId'>;
	/** False once the webhook was switched off or re-pointed: pending retries stop. */
	stillWanted: () => boolean;
	/** Whether a failed attempt (status, or undefined for a network failure) is tried again; all are by default. */
	retryable?: (status: number | undefined) => boolean;
	/** The waits before each further attempt; the chat webhooks' by default. */
	retryDelaysMs?: number[];
	/** Receives the body of a 2xx answer. */
	onDelivered?: (answer: string) => void;
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
	const payload = typeof job.payload === 'function' ? job.payload() : job.payload;
	const body = JSON.stringify(payload);
	const entry: WebhookLogEntry = {
		seq: ++sb.webhookSeq,
		at: sb.now(),
		...job.ids,
		kind: job.kind,
		url: job.url,
		attempt,
		payload,
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
		const answer = await res.text().catch(() => '');
		if (res.ok) job.onDelivered?.(answer);
	} catch (err) {
		entry.error = failureReason(err);
	}
	appendCapped(sb.webhooks, entry);
	const ok = entry.status !== undefined && entry.status >= 200 && entry.status < 300;
	const delays = job.retryDelaysMs ?? CHAT_WEBHOOK_RETRY_DELAYS_MS;
	if (!ok && attempt <= delays.length && (job.retryable?.(entry.status) ?? true)) {
		sb.schedule(delays[attempt - 1], () => deliverWebhook(sb, job, attempt + 1));
	}
	return entry;
}
