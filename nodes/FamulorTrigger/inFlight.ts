/**
 * Deliveries being handled in this n8n process. Static data is loaded before and saved after each
 * delivery, so two copies arriving at the same instant both pass the static-data check; this claim,
 * shared by every execution of the process, lets only the first one start the workflow.
 */

/** A claim outlives the handling of a delivery (static data is saved by then). */
export const IN_FLIGHT_MS = 10 * 60_000;
/** Bound of remembered claims across every trigger of the process. */
export const IN_FLIGHT_MAX_ENTRIES = 5_000;

/** claim key → expiry time; a Map iterates in insertion order, so the oldest claims come first. */
const claims = new Map<string, number>();

function dropExpired(now: number): void {
	for (const [key, expiresAt] of claims) {
		if (expiresAt > now) continue;
		claims.delete(key);
	}
}

/** True for the first claim of `key` within IN_FLIGHT_MS; false for every copy after it. */
export function claimDelivery(key: string, now: number): boolean {
	dropExpired(now);
	const expiresAt = claims.get(key);
	if (expiresAt !== undefined && expiresAt > now) return false;
	claims.set(key, now + IN_FLIGHT_MS);
	while (claims.size > IN_FLIGHT_MAX_ENTRIES) {
		const oldest = claims.keys().next().value as string;
		claims.delete(oldest);
	}
	return true;
}

/** The number of claims held (for tests). */
export function claimCount(): number {
	return claims.size;
}
