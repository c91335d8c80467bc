import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

export const MAX_PARALLEL_REQUESTS = 20;

/**
 * How many items run at once. Hidden for the operations with a documented rate limit (AI replies,
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

/** The node-level setting, read once per execution; anything unusable means one item at a time. */
export function readParallelRequests(this: IExecuteFunctions): number {
	const value = Number(this.getNodeParameter(parallelRequestsProperty.name, 0, 1));
	if (!Number.isFinite(value) || value < 1) return 1;
	return Math.min(MAX_PARALLEL_REQUESTS, Math.floor(value));
}
