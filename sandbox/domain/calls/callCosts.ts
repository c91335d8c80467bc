/** What a call costs: carrier minutes plus the platform's own rate, by the second, in USD. */
const CARRIER_PER_MINUTE = 0.02;
const PLATFORM_PER_MINUTE = 0.07;

export function callCosts(durationSeconds: number): { carrier_cost: number; total_cost: number } {
	const minutes = durationSeconds / 60;
	const carrier = round8(minutes * CARRIER_PER_MINUTE);
	return { carrier_cost: carrier, total_cost: round8(carrier + minutes * PLATFORM_PER_MINUTE) };
}

function round8(n: number): number {
	return Math.round(n * 1e8) / 1e8;
}
