/**
 * The throughput suites' kit: the node suites' kit (test/node/kit.ts) on a sandbox with a real-time
 * clock, so its request log's `at` is on the same clock as the node's pacer, plus what pacing checks need.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { createClock, SEED, type SandboxOptions } from '../../sandbox';
import type { TestCredentials } from '../../harness/engine';
import { startKit, type Kit } from '../node/kit';

export const ALICE = SEED.alice;

/** A kit whose credential gives up on a request after 5 s unless `credentials` says otherwise. */
export async function startThroughputKit(
	options: SandboxOptions = {},
	credentials: Partial<TestCredentials> = {},
): Promise<Kit> {
	return await startKit(
		{ clock: createClock({ realTime: true }), ...options },
		{ requestTimeoutSeconds: 5, ...credentials },
	);
}

/** `count` input items, each with its own index under `n`. */
export function numberedItems(
	count: number,
	extra: (n: number) => IDataObject = () => ({}),
): INodeExecutionData[] {
	return Array.from({ length: count }, (_, n) => ({ json: { n, ...extra(n) } }));
}

/** The largest number of the given timestamps that fall into any window of `windowMs` (half-open). */
export function maxInAnyWindow(timestamps: number[], windowMs: number): number {
	const sorted = [...timestamps].sort((a, b) => a - b);
	let best = 0;
	let start = 0;
	for (let end = 0; end < sorted.length; end++) {
		while (sorted[end] - sorted[start] >= windowMs) start++;
		best = Math.max(best, end - start + 1);
	}
	return best;
}

/** No window of `rateLimit.windowMs` holds more than `rateLimit.limit` of the logged arrivals. */
export function expectWithinRateLimit(
	log: Array<{ at: number }>,
	rateLimit: { limit: number; windowMs: number },
): void {
	expect(
		maxInAnyWindow(
			log.map((entry) => entry.at),
			rateLimit.windowMs,
		),
	).toBeLessThanOrEqual(rateLimit.limit);
}
