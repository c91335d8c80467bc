/**
 * Delivery of the webhooks the sandbox sends after the fact (post-call, conversation ended, WhatsApp
 * read receipts; an arriving call's inbound request is a live question, domain/calls/liveCall.ts):
 * one POST per attempt, logged in the webhook log, retried on the sandbox clock as its kind's policy
 * says (webhookPolicies.ts). A delivery is stored (`state.pendingWebhooks`) from its first attempt
 * until it is delivered or given up, so a state file keeps it across a restart and the restarted
 * sandbox makes its next attempt when due: the real service keeps retrying a failed delivery
 * whatever happens to the sender's processes.
 */
import { appendCapped, type WebhookLogEntry } from '../../model/logs';
import type { Sandbox } from '../../model/sandbox';
import type { PendingWebhook, WebhookKind } from '../../model/webhookDeliveries';
import { retryDelayAfter, WEBHOOK_POLICIES } from './webhookPolicies';

export interface WebhookJob {
	kind: WebhookKind;
	url: string;
	payload: Record<string, unknown>;
	/** Extra request headers, e.g. a signature computed over `body`. */
	headers?: (body: string) => Record<string, string>;
	ids: PendingWebhook['ids'];
	/** The assistant (or, for read receipts, the sender) whose webhook it is. */
	ownerId: number;
}

function failureReason(err: unknown): string {
	const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
	return e.name === 'TimeoutError'
		? 'timeout'
		: (e.cause?.code ?? e.cause?.message ?? e.message ?? String(err));
}

function forget(sb: Sandbox, delivery: PendingWebhook): void {
	const pending = sb.state.pendingWebhooks;
	const at = pending.indexOf(delivery);
	if (at >= 0) pending.splice(at, 1);
}

/** Makes the delivery's due attempt and, on a failure the policy retries, arms the next one. */
async function attempt(
	sb: Sandbox,
	delivery: PendingWebhook,
): Promise<WebhookLogEntry | undefined> {
	const policy = WEBHOOK_POLICIES[delivery.kind];
	if (!policy.stillWanted(sb, delivery)) {
		forget(sb, delivery);
		return undefined;
	}
	const entry: WebhookLogEntry = {
		seq: ++sb.webhookSeq,
		at: sb.now(),
		...delivery.ids,
		kind: delivery.kind,
		url: delivery.url,
		attempt: delivery.attempt,
		payload: JSON.parse(delivery.body) as Record<string, unknown>,
	};
	let answer: string | undefined;
	try {
		const res = await fetch(delivery.url, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				...delivery.headers,
			},
			body: delivery.body,
			signal: AbortSignal.timeout(sb.opts.webhookTimeoutMs),
		});
		entry.status = res.status;
		answer = await res.text().catch(() => '');
	} catch (err) {
		entry.error = failureReason(err);
	}
	appendCapped(sb.webhooks, entry);
	// A reset (or another store) while the attempt was under way: the delivery is no longer this sandbox's.
	if (!sb.state.pendingWebhooks.includes(delivery)) return entry;
	const ok = entry.status !== undefined && entry.status >= 200 && entry.status < 300;
	if (ok) policy.delivered?.(sb, delivery, answer ?? '');
	const delay = ok
		? undefined
		: retryDelayAfter(sb.opts, delivery.kind, delivery.attempt, entry.status);
	if (delay === undefined) {
		forget(sb, delivery);
		return entry;
	}
	delivery.attempt += 1;
	delivery.dueAt = sb.now() + delay;
	armRetry(sb, delivery);
	return entry;
}

function armRetry(sb: Sandbox, delivery: PendingWebhook): void {
	sb.schedule(Math.max(0, delivery.dueAt - sb.now()), () => attempt(sb, delivery));
}

/** Sends the first attempt and keeps the delivery until it is delivered or given up; resolves with that attempt's log entry (undefined: no longer wanted). */
export async function deliverWebhook(
	sb: Sandbox,
	job: WebhookJob,
): Promise<WebhookLogEntry | undefined> {
	const body = JSON.stringify(job.payload);
	const delivery: PendingWebhook = {
		kind: job.kind,
		url: job.url,
		body,
		headers: job.headers?.(body) ?? {},
		ids: job.ids,
		ownerId: job.ownerId,
		attempt: 1,
		dueAt: sb.now(),
	};
	sb.state.pendingWebhooks.push(delivery);
	return await attempt(sb, delivery);
}

/** A restored sandbox: every delivery it kept is attempted when due (at once when that has passed). */
export function resumeWebhookRetries(sb: Sandbox): void {
	for (const delivery of sb.state.pendingWebhooks) armRetry(sb, delivery);
}
