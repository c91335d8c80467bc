import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { OperationModule, ResourceModule } from './types';

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

/** Version 2's Parallel Requests with the default that applies to the operations it is shown for. */
function parallelRequestsOption(
	defaultValue: number,
	operations: string[],
	applies: string,
): INodeProperties {
	return {
		displayName: 'Parallel Requests',
		name: 'parallelRequests',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_PARALLEL_REQUESTS, numberPrecision: 0 },
		default: defaultValue,
		displayOptions: { show: { '/operation': operations } },
		description: `How many input items are sent to Famulor at the same time (1 to ${MAX_PARALLEL_REQUESTS}). ${applies} The output keeps the order of the input items; the account's rate limits are kept either way.`,
	};
}

/**
 * Version 2's run options, in one collection at the end of the form. Parallel Requests shows the
 * value that applies without it: 1 for operations with an effect (calls, messages, purchases,
 * creations, deletions), 20 for the rest. An operation value has an effect in every resource or in none.
 */
/** The name of version 2's run options collection, read back by `readParallelRequestsV2`. */
const RUN_OPTIONS = 'options';

export function runOptionsProperty(resources: Record<string, ResourceModule>): INodeProperties {
	const operations = Object.values(resources).flatMap((resource) =>
		Object.entries(resource.operations),
	);
	const valuesWhere = (effectful: boolean) => [
		...new Set(
			operations
				.filter(([, operation]) => (operation.effect !== undefined) === effectful)
				.map(([value]) => value),
		),
	];
	return {
		displayName: 'Options',
		name: RUN_OPTIONS,
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			parallelRequestsOption(
				1,
				valuesWhere(true),
				'This operation costs money, creates or deletes something, so items go one at a time unless you raise it.',
			),
			parallelRequestsOption(
				DEFAULT_PARALLEL_REQUESTS,
				valuesWhere(false),
				`Reads and settings send up to ${DEFAULT_PARALLEL_REQUESTS} at once.`,
			),
		],
	};
}

/** Billed and irreversible operations go one at a time unless the user asks for more. */
export const readParallelRequestsV2: ParallelRequestsReader = function (this, operation) {
	const automatic = operation.effect ? 1 : DEFAULT_PARALLEL_REQUESTS;
	const options = this.getNodeParameter(RUN_OPTIONS, 0, {}) as {
		parallelRequests?: unknown;
	};
	return options.parallelRequests === undefined
		? automatic
		: clampParallel(options.parallelRequests, automatic);
};
