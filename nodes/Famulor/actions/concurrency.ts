import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { OperationModule } from './types';

export const MAX_PARALLEL_REQUESTS = 20;

/**
 * Version 2's default for operations that may run concurrently: the service's documented burst
 * (20 requests per 10 s, https://docs.famulor.de/en/api-reference/authentication), so the first
 * burst goes out at once; the transport's pacing holds every later request to the account's limits.
 */
export const DEFAULT_PARALLEL_REQUESTS = 20;

/** How many items of one run may be under way at once. */
export type ParallelRequestsReader = (
	this: IExecuteFunctions,
	operation: OperationModule,
) => number;

function clampParallel(value: unknown, fallback: number): number {
	const number = Number(value);
	if (!Number.isFinite(number) || number < 1) return fallback;
	return Math.min(MAX_PARALLEL_REQUESTS, Math.floor(number));
}

/**
 * Version 1's node-level setting. Hidden for the operations with a documented rate limit (AI replies,
 * WhatsApp free-form sends): the transport paces those per token, so parallel items would only wait.
 * The hide conditions are alternatives (any match hides); both values are unique to those operations.
 */
export const parallelRequestsProperty: INodeProperties = {
	displayName: 'Parallel Requests',
	name: 'parallelRequests',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_REQUESTS, numberPrecision: 0 },
	default: 1,
	displayOptions: { hide: { resource: ['aiReply'], operation: ['sendFreeform'] } },
	description: `How many input items are sent to Famulor at the same time (1 to ${MAX_PARALLEL_REQUESTS}). The output keeps the order of the input items.`,
};

export const readParallelRequestsV1: ParallelRequestsReader = function (this) {
	return clampParallel(this.getNodeParameter(parallelRequestsProperty.name, 0, 1), 1);
};

/** Version 2's run options, in one collection at the end of the form. */
export const runOptionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Parallel Requests',
			name: 'parallelRequests',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_REQUESTS, numberPrecision: 0 },
			default: DEFAULT_PARALLEL_REQUESTS,
			description: `How many input items are sent to Famulor at the same time (1 to ${MAX_PARALLEL_REQUESTS}). Without this option: ${DEFAULT_PARALLEL_REQUESTS} for reads and settings, 1 for calls, messages, replies, purchases and deletions. The output keeps the order of the input items; the account's rate limits are kept either way.`,
		},
	],
};

/** Billed and irreversible operations go one at a time unless the user asks for more. */
export const readParallelRequestsV2: ParallelRequestsReader = function (this, operation) {
	const automatic = operation.effect ? 1 : DEFAULT_PARALLEL_REQUESTS;
	const options = this.getNodeParameter(runOptionsProperty.name, 0, {}) as {
		parallelRequests?: unknown;
	};
	return options.parallelRequests === undefined
		? automatic
		: clampParallel(options.parallelRequests, automatic);
};
