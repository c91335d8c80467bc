/** The sandbox of one API generation, and runners of version 2 of the node on a suite's kit. */
import type { SandboxOptions } from '../../sandbox';
import type { Kit, RunOptions } from './kit';

/**
 * The sandbox serving one generation of the API only ('current' or 'seed'), generate-reply allowed
 * more often than the suites ask for it.
 */
export const apiGeneration = (api: 'current' | 'seed'): SandboxOptions => ({
	api,
	rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } },
});

/** The run options of version 2 of the node. */
export const V2: RunOptions = { typeVersion: 2 };

/** Runs version 2 of the node with `parameters` (resource and operation among them). */
export function v2Run(kit: () => Kit) {
	return async (parameters: Record<string, unknown>, options: RunOptions = {}) =>
		await kit().run(parameters as never, { ...V2, ...options });
}

/** Runs version 2 of the node on `resource` → `operation`: the call most of the node's suites share. */
export function v2Runner(kit: () => Kit) {
	const run = v2Run(kit);
	return async (
		resource: string,
		operation: string,
		parameters: Record<string, unknown> = {},
		options: RunOptions = {},
	) => await run({ resource, operation, ...parameters }, options);
}
