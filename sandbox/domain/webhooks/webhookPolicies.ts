/**
 * How each webhook the sandbox sends is retried, one row per kind: the waits before further attempts,
 * which failures are tried again, whether the delivery is still wanted (a webhook switched off or
 * re-pointed stops its pending retries) and what a delivered answer changes. The rows read only
 * stored data, so a delivery restored from a state file is retried as it would have been.
 *
 * - Both chat webhooks are retried after 30 s, 60 s and 120 s, then marked failed (4 attempts in all):
 *   https://docs.famulor.de/en/api-reference/webhooks/conversation-ended retries every failure, 4xx
 *   included; https://docs.famulor.de/en/api-reference/webhooks/read-receipts only 5xx, 429 and
 *   network failures.
 * - The post-call webhook's retries are not documented
 *   (https://docs.famulor.de/en/api-reference/webhooks/post-call): sent once, or under the option
 *   `postCallRetries` (model/beyondDocs.ts) retried after the sandbox's `webhookRetryDelaysMs`.
 */
import type { ResolvedOptions } from '../../model/options';
import type { Sandbox } from '../../model/sandbox';
import type { PendingWebhook, WebhookKind } from '../../model/webhookDeliveries';

/** Retry delays of both chat webhooks: 30 s, 60 s and 120 s after a failed attempt (4 attempts in all). */
export const CHAT_WEBHOOK_RETRY_DELAYS_MS = [30_000, 60_000, 120_000];

/** The options a retry schedule may read. */
export type RetryOptions = Pick<ResolvedOptions, 'webhookRetryDelaysMs' | 'beyondDocs'>;

interface WebhookPolicy {
	/** The waits before the 2nd, 3rd, … attempt. */
	retryDelaysMs(opts: RetryOptions): readonly number[];
	/** Whether a failed attempt (its status, or undefined for a network failure) is tried again. */
	retryable(status: number | undefined): boolean;
	/** False once the owner's webhook was switched off or points elsewhere. */
	stillWanted(sb: Sandbox, delivery: PendingWebhook): boolean;
	/** What the body of a 2xx answer changes. */
	delivered?(sb: Sandbox, delivery: PendingWebhook, answer: string): void;
}

const everyFailure = (): boolean => true;

const chatWebhookDelays = (): readonly number[] => CHAT_WEBHOOK_RETRY_DELAYS_MS;

/** The call record keeps what the post-call endpoint answered when it is a JSON object. */
function jsonObjectOrNull(text: string): Record<string, unknown> | null {
	try {
		const parsed: unknown = JSON.parse(text);
		return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
			? (parsed as Record<string, unknown>)
			: null;
	} catch {
		return null;
	}
}

export const WEBHOOK_POLICIES: Record<WebhookKind, WebhookPolicy> = {
	post_call: {
		retryDelaysMs: (opts) => (opts.beyondDocs.postCallRetries ? opts.webhookRetryDelaysMs : []),
		retryable: everyFailure,
		stillWanted: (sb, d) => {
			const a = sb.state.assistants.get(d.ownerId);
			return a !== undefined && a.is_webhook_active && a.webhook_url === d.url;
		},
		delivered: (sb, d, answer) => {
			const call = d.ids.callId === undefined ? undefined : sb.state.calls.get(d.ids.callId);
			if (call) call.webhook_response = jsonObjectOrNull(answer);
		},
	},
	conversation_ended: {
		retryDelaysMs: chatWebhookDelays,
		retryable: everyFailure,
		stillWanted: (sb, d) =>
			sb.state.assistants.get(d.ownerId)?.conversation_ended_webhook_url === d.url,
	},
	message_status: {
		retryDelaysMs: chatWebhookDelays,
		retryable: (status) => status === undefined || status === 429 || status >= 500,
		stillWanted: (sb, d) => sb.state.readReceipts.get(d.ownerId)?.url === d.url,
	},
};

/** The wait before the attempt after `attempt` failed with `status`; undefined: the delivery is given up. */
export function retryDelayAfter(
	opts: RetryOptions,
	kind: WebhookKind,
	attempt: number,
	status: number | undefined,
): number | undefined {
	const policy = WEBHOOK_POLICIES[kind];
	const delays = policy.retryDelaysMs(opts);
	return attempt <= delays.length && policy.retryable(status) ? delays[attempt - 1] : undefined;
}
