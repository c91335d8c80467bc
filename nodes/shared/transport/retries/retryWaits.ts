import { MAX_BACKOFF_DELAY_MS, RETRY_BASE_DELAY_MS } from '../constants';

/** How long a retry waits after a failure (a 429's wait is the pacer's, pacing/refusal.ts). */

/** The longest backoff of an attempt: base·2^(attempt-1), capped. */
export const backoffCeiling = (attempt: number): number =>
	Math.min(MAX_BACKOFF_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));

/** Exponential backoff with full jitter: a random delay up to backoffCeiling, from its half. */
export function backoffDelay(attempt: number): number {
	const ceiling = backoffCeiling(attempt);
	return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}
