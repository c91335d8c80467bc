/** Dates and amounts as the service writes them in its answers and webhooks. */
/** "2025-07-15T14:32:15.000000Z" (Laravel's default JSON date format). */
export function iso6(ms: number): string {
	return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** "2024-01-15T10:30:00Z" (the examples of the assistants and campaigns lists, the calls list, the post-call webhook). */
export function isoZ(ms: number): string {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** "2026-02-25T10:30:00+00:00" */
export function isoOffset(ms: number): string {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** "2025-01-25 14:30:00" */
export function sqlDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Balances and costs keep four decimals. */
export function roundAmount(n: number): number {
	return Math.round(n * 10_000) / 10_000;
}

export function decimal(n: number): string {
	return n.toFixed(2);
}
