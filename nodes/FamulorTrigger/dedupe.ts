/**
 * The memory of deliveries already handled, in the node's static data (n8n loads it before and saves
 * it after each delivery, across executions and restarts). It is bounded by time, not by a count that
 * other deliveries could push a key out of: every key is kept for DEDUPE_WINDOW_MS, and when
 * DEDUPE_MAX_ENTRIES keys are live the delivery is turned away (the service retries it) instead of
 * forgetting one.
 */
import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { DELIVERIES } from './state';

/** A signed read receipt is accepted while its `timestamp` is at most this far from now (either way). */
export const RECEIPT_TOLERANCE_MS = 5 * 60_000;
/**
 * How long a delivery is remembered. Twice the tolerance: a receipt accepted at its timestamp minus
 * the tolerance can still be replayed until its timestamp plus the tolerance. It also covers the
 * service's retries of calls and chats (30, 60 and 120 s after the first attempt).
 */
export const DEDUPE_WINDOW_MS = 2 * RECEIPT_TOLERANCE_MS;
/**
 * Live keys per trigger node; each takes 49 bytes of static data (a 32-character digest and its
 * expiry), under 0.5 MB in all.
 */
export const DEDUPE_MAX_ENTRIES = 10_000;

export type Remembered = 'new' | 'duplicate' | 'full';

/** A fixed-size key (128 bits of SHA-256), so the bound in bytes holds whatever the IDs look like. */
export function deliveryDigest(deliveryId: string): string {
	return createHash('sha256').update(deliveryId).digest('hex').slice(0, 32);
}

/** The live entries (digest → the time in ms until which it is kept); older versions stored `[{id, at}]`. */
function liveDeliveries(stored: unknown, now: number): Map<string, number> {
	const live = new Map<string, number>();
	const keep = (digest: string, until: number) => {
		// Kept up to and including `until`.
		if (until >= now) live.set(digest, until);
	};
	if (Array.isArray(stored)) {
		for (const entry of stored as Array<{ id?: unknown; at?: unknown }>) {
			if (entry && typeof entry.id === 'string' && typeof entry.at === 'number')
				keep(deliveryDigest(entry.id), entry.at + DEDUPE_WINDOW_MS);
		}
	} else if (stored && typeof stored === 'object') {
		for (const [digest, until] of Object.entries(stored as IDataObject)) {
			if (typeof until === 'number') keep(digest, until);
		}
	}
	return live;
}

/**
 * Records a delivery: 'new' the first time within the window, 'duplicate' for every later copy,
 * 'full' when DEDUPE_MAX_ENTRIES keys are live (nothing recorded: the delivery must be turned away).
 * Copies arriving at the same instant are caught by the in-process claim (inFlight.ts).
 */
export function rememberDelivery(
	staticData: IDataObject,
	deliveryId: string,
	now: number,
): Remembered {
	const digest = deliveryDigest(deliveryId);
	const live = liveDeliveries(staticData[DELIVERIES], now);
	const known = live.has(digest);
	const full = !known && live.size >= DEDUPE_MAX_ENTRIES;
	if (!known && !full) live.set(digest, now + DEDUPE_WINDOW_MS);
	// Reassigned (not mutated in place) so n8n's change tracking marks the static data for saving.
	staticData[DELIVERIES] = Object.fromEntries(live);
	if (known) return 'duplicate';
	return full ? 'full' : 'new';
}
