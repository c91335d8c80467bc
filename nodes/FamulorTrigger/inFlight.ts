/**
 * Deliveries being handled in this n8n process. Static data is loaded before and saved after each
 * delivery, so two copies arriving at the same instant both pass the static-data check; this claim,
 * shared by every execution of the process, lets only the first one start the workflow. Once the
 * first copy's static data is saved (right after the delivery is handled), the static data
 * (dedupe.ts) recognises every later copy on its own, so dropping the oldest claims beyond the bound
 * lets no replay through.
 */
import { DEDUPE_WINDOW_MS, deliveryDigest } from './dedupe';

/** A claim lives as long as the static-data memory of the same delivery. */
export const IN_FLIGHT_MS = DEDUPE_WINDOW_MS;
/** Bound of remembered claims across every trigger of the process: 32-character digests, a few MB at most. */
export const IN_FLIGHT_MAX_ENTRIES = 50_000;

/** claim digest → expiry time; a Map iterates in insertion order, so the oldest claims come first. */
const claims = new Map<string, number>();

/** Every claim lives IN_FLIGHT_MS, so the oldest expire first and the sweep stops at the first live one. */
function dropExpired(now: number): void {
	for (const [key, expiresAt] of claims) {
		if (expiresAt > now) return;
		claims.delete(key);
	}
}

/** True for the first claim of `key` within IN_FLIGHT_MS; false for every copy after it. */
export function claimDelivery(key: string, now: number): boolean {
	dropExpired(now);
	const digest = deliveryDigest(key);
	const expiresAt = claims.get(digest);
	if (expiresAt !== undefined && expiresAt > now) return false;
	claims.set(digest, now + IN_FLIGHT_MS);
	while (claims.size > IN_FLIGHT_MAX_ENTRIES) {
		const oldest = claims.keys().next().value as string;
		claims.delete(oldest);
	}
	return true;
}

/** Gives a claim back when the delivery was turned away, so the service's retry of it is handled. */
export function releaseClaim(key: string): void {
	claims.delete(deliveryDigest(key));
}
