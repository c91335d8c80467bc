/**
 * The throughput suites' kit: the node suites' kit (test/node/kit.ts) on the driven clock
 * (../helpers/drivenClock.ts): the sandbox's real-time clock reads jest's fake `Date`, so its request
 * log's `at`, its rate windows and the node's pacer all read one clock, which moves only while no
 * request is on the wire. A file calls `useDrivenClock()` before starting the kit.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { createClock, SEED, type SandboxOptions } from '../../sandbox';
import type { TestCredentials } from '../../harness/engine';
import { locator, startKit, type Kit } from '../node/kit';
import { drive } from '../helpers/drivenClock';

export const ALICE = SEED.alice;

/**
 * A kit whose runs are driven (each `run` moves the clock until the node is done), and whose
 * credential gives up on a request after 5 s (a socket timer, in real time) unless `credentials` says
 * otherwise.
 */
export async function startThroughputKit(
	options: SandboxOptions = {},
	credentials: Partial<TestCredentials> = {},
): Promise<Kit> {
	const kit = await startKit(
		{ clock: createClock({ realTime: true }), ...options },
		{ requestTimeoutSeconds: 5, ...credentials },
	);
	return { ...kit, run: async (...args) => await drive(async () => await kit.run(...args)) };
}

/** WhatsApp → Get Session Status of the seeded online sender with `recipientPhone`, `extra` beside. */
export const sessionStatusOf = (
	recipientPhone: string,
	extra: INodeParameters = {},
): INodeParameters => ({
	resource: 'whatsApp',
	operation: 'getSessionStatus',
	senderId: locator(ALICE.senders.online),
	recipientPhone,
	...extra,
});

/** `count` input items, each with its own index under `n`. */
export function numberedItems(
	count: number,
	extra: (n: number) => IDataObject = () => ({}),
): INodeExecutionData[] {
	return Array.from({ length: count }, (_, n) => ({ json: { n, ...extra(n) } }));
}

/** The run raised no node error and gave one item per input item, in input order, each paired with its own. */
export function expectOneItemPerInput(
	result: Awaited<ReturnType<Kit['run']>>,
	count: number,
): void {
	expect(result.error).toBeUndefined();
	expect(result.output.map((item) => item.pairedItem)).toEqual(
		Array.from({ length: count }, (_, item) => ({ item })),
	);
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
