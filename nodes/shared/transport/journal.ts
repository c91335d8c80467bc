import { createHash } from 'crypto';

import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { MAX_REMEMBERED_ANSWERS, REMEMBERED_ANSWER_TTL_MS } from './constants';
import type { FamulorRequest, FamulorRequestContext } from './types';

/** How a request that must not be repeated ended: with an answer, or without knowing whether it took effect. */
export type RememberedOutcome =
	{ kind: 'answered'; answer: IDataObject } | { kind: 'unknown'; error: NodeApiError };

interface Entry {
	expiresAt: number;
	outcome: RememberedOutcome;
}

/**
 * n8n's "Retry On Fail" runs the whole node again after a failure, with every item. Requests that must
 * not be repeated (calls, messages, purchases, …) remember how they ended, per execution, node run,
 * item and request, so the retry returns the remembered answer (or the same outcome-unknown error)
 * instead of sending again. Bounded and expiring: the oldest entries go first.
 */
const remembered = new Map<string, Entry>();

function forgetExpired(now: number): void {
	for (const [key, entry] of remembered) {
		if (entry.expiresAt > now && remembered.size <= MAX_REMEMBERED_ANSWERS) return;
		remembered.delete(key);
	}
}

/** The body as text for the key; a file upload by its fields and file sizes (its bytes are not kept). */
function bodyFingerprint(body: FamulorRequest['body']): string {
	if (body === undefined) return '';
	if (typeof FormData !== 'undefined' && body instanceof FormData) {
		const parts: string[] = [];
		body.forEach((value, name) =>
			parts.push(
				`${name}=${typeof value === 'string' ? value : `file:${value.name}:${value.size}`}`,
			),
		);
		return parts.join('&');
	}
	return JSON.stringify(body);
}

/**
 * The key of one request of one item in one run of one node in one execution; undefined outside an
 * execution (list searches, trigger activation), where n8n does not retry.
 */
export function journalKey(
	context: FamulorRequestContext,
	request: FamulorRequest,
): string | undefined {
	if (request.itemIndex === undefined || !('getExecutionId' in context)) return undefined;
	const executionId = context.getExecutionId();
	// n8n's node contexts carry the run index (a node inside a loop runs once per pass); a retry keeps it.
	const runIndex = (context as { runIndex?: unknown }).runIndex;
	if (!executionId || typeof runIndex !== 'number') return undefined;
	const digest = createHash('sha256')
		.update(bodyFingerprint(request.body))
		.update('|')
		.update(JSON.stringify(request.qs ?? {}))
		.digest('hex');
	return [
		context.getWorkflow().id ?? '',
		executionId,
		context.getNode().name,
		runIndex,
		request.itemIndex,
		request.method,
		request.path,
		digest,
	].join('|');
}

export function recall(key: string): RememberedOutcome | undefined {
	const entry = remembered.get(key);
	if (!entry) return undefined;
	if (entry.expiresAt <= Date.now()) {
		remembered.delete(key);
		return undefined;
	}
	return entry.outcome;
}

export function remember(key: string, outcome: RememberedOutcome): void {
	const now = Date.now();
	remembered.delete(key);
	remembered.set(key, { expiresAt: now + REMEMBERED_ANSWER_TTL_MS, outcome });
	forgetExpired(now);
}

/** How many outcomes are held, for tests of the bound. */
export function rememberedCount(): number {
	return remembered.size;
}
