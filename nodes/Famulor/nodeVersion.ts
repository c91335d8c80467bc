import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type INodeTypeBaseDescription,
	type INodeTypeDescription,
} from 'n8n-workflow';

import type { ParallelRequestsReader } from './actions/concurrency';
import { resourceProperty } from './actions/resourceProperty';
import type { ResourceMap } from './actions/resources';
import { router } from './actions/router';

export interface NodeVersionOptions {
	version: number;
	resources: ResourceMap;
	/** What a new node shows first; never a billed or irreversible operation (the node is also an AI tool). */
	defaultResource: string;
	/** Properties after the resources' own, e.g. the run options. */
	trailingProperties: INodeProperties[];
	methods: INodeType['methods'];
	parallelRequests: ParallelRequestsReader;
}

/** One version of the action node: its description from its resource map, and the shared router. */
export function buildNodeVersion(
	base: INodeTypeBaseDescription,
	options: NodeVersionOptions,
): INodeType {
	const description: INodeTypeDescription = {
		...base,
		version: options.version,
		defaults: { name: 'Famulor AI' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'famulorAiApi', required: true }],
		properties: [
			resourceProperty(Object.keys(options.resources), options.defaultResource),
			...Object.values(options.resources).flatMap((resource) => resource.description),
			...options.trailingProperties,
		],
	};
	return {
		description,
		methods: options.methods,
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return await router.call(this, options.resources, options.parallelRequests);
		},
	};
}
