/**
 * The workflows of the peer benchmark (bench/peer.ts): each makes `count` items and runs ONE measured
 * node over them, either the Famulor node at its default settings or n8n's HTTP Request node set up as a
 * careful user would (same endpoint, header auth, batching to the documented limit, cursor pagination).
 * Items come from a Set node and a Split Out node, so no task runner (Code node) is involved.
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

export const MEASURED = 'Measured';
/** For lists, the HTTP Request node answers with pages; a careful user splits them into records, and that node is timed too. */
export const RECORDS = 'Records';

export const HEADER_CREDENTIAL = {
	id: 'famulorBenchHeader1',
	name: 'Famulor bench header auth',
	type: 'httpHeaderAuth',
};
/**
 * The Famulor credential as a user sets it up for the service in front of them: Custom Rate Limits
 * matching the sandbox's scaled general limit where the sandbox enforces it, with that limit at 0
 * (pacing off) where the sandbox has it off.
 */
export const FAMULOR_CREDENTIALS = {
	scaled: {
		id: 'famulorBenchApi001',
		name: 'Famulor bench API (scaled general limit)',
		type: 'famulorAiApi',
	},
	unpaced: {
		id: 'famulorBenchApi002',
		name: 'Famulor bench API (no general limit)',
		type: 'famulorAiApi',
	},
};
export type FamulorCredentialKind = keyof typeof FAMULOR_CREDENTIALS;

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: IDataObject;
	credentials?: Record<string, { id: string; name: string }>;
	onError?: 'continueRegularOutput';
}

export interface Workflow {
	id: string;
	name: string;
	active: false;
	nodes: WorkflowNode[];
	connections: IDataObject;
	settings: IDataObject;
}

export interface NodeVersions {
	famulor: number;
	httpRequest: number;
}

const node = (
	name: string,
	type: string,
	typeVersion: number,
	parameters: IDataObject,
	x: number,
): WorkflowNode => ({
	id: randomUUID(),
	name,
	type,
	typeVersion,
	position: [x, 0],
	parameters,
});

/** Manual trigger → `count` items `{n}` → the measured node (→ Records, for pages). */
export function workflow(
	id: string,
	name: string,
	count: number,
	measured: WorkflowNode[],
): Workflow {
	const chain: WorkflowNode[] = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, {}, 0),
		node(
			'Numbers',
			'n8n-nodes-base.set',
			3.4,
			{
				mode: 'manual',
				assignments: {
					assignments: [
						{
							id: 'bench-numbers',
							name: 'numbers',
							type: 'array',
							value: `={{ Array.from({ length: ${count} }, (_, n) => n) }}`,
						},
					],
				},
				options: {},
			},
			200,
		),
		node(
			'Items',
			'n8n-nodes-base.splitOut',
			1,
			{ fieldToSplitOut: 'numbers', options: { destinationFieldName: 'n' } },
			400,
		),
		...measured.map((step, index) => ({
			...step,
			position: [600 + 200 * index, 0] as [number, number],
		})),
	];
	const connections: IDataObject = {};
	for (let index = 0; index < chain.length - 1; index++) {
		connections[chain[index].name] = {
			main: [[{ node: chain[index + 1].name, type: 'main', index: 0 }]],
		};
	}
	return { id, name, active: false, nodes: chain, connections, settings: { executionOrder: 'v1' } };
}

/** The Famulor node with the given operation parameters and nothing else set: its defaults. */
export function famulorNode(
	versions: NodeVersions,
	credential: FamulorCredentialKind,
	parameters: IDataObject,
): WorkflowNode {
	const { id, name } = FAMULOR_CREDENTIALS[credential];
	return {
		...node(MEASURED, 'n8n-nodes-famulor-ai.famulor', versions.famulor, parameters, 0),
		credentials: { famulorAiApi: { id, name } },
		onError: 'continueRegularOutput',
	};
}

export interface HttpRequestSetup {
	method: 'GET' | 'POST';
	url: string;
	query?: Record<string, string>;
	/** an n8n expression producing the JSON body */
	jsonBody?: string;
	/** HTTP Request node batching: `size` items, then wait `intervalMs` */
	batch?: { size: number; intervalMs: number };
	/** follow `next_cursor` into the `cursor` query parameter until it is empty */
	cursorPagination?: boolean;
}

/** n8n's HTTP Request node with header auth (`Authorization: Bearer …`), JSON in and out. */
export function httpRequestNode(versions: NodeVersions, setup: HttpRequestSetup): WorkflowNode {
	const options: IDataObject = {};
	if (setup.batch)
		options.batching = {
			batch: { batchSize: setup.batch.size, batchInterval: setup.batch.intervalMs },
		};
	if (setup.cursorPagination) {
		options.pagination = {
			pagination: {
				paginationMode: 'updateAParameterInEachRequest',
				parameters: {
					parameters: [{ type: 'qs', name: 'cursor', value: '={{ $response.body.next_cursor }}' }],
				},
				paginationCompleteWhen: 'other',
				completeExpression: '={{ !$response.body.next_cursor }}',
				limitPagesFetched: false,
				requestInterval: 0,
			},
		};
	}
	const parameters: IDataObject = {
		method: setup.method,
		url: setup.url,
		authentication: 'genericCredentialType',
		genericAuthType: 'httpHeaderAuth',
		options,
	};
	if (setup.query) {
		parameters.sendQuery = true;
		parameters.queryParameters = {
			parameters: Object.entries(setup.query).map(([name, value]) => ({ name, value })),
		};
	}
	if (setup.jsonBody) {
		parameters.sendBody = true;
		parameters.specifyBody = 'json';
		parameters.jsonBody = setup.jsonBody;
	}
	return {
		...node(MEASURED, 'n8n-nodes-base.httpRequest', versions.httpRequest, parameters, 0),
		credentials: { httpHeaderAuth: { id: HEADER_CREDENTIAL.id, name: HEADER_CREDENTIAL.name } },
		onError: 'continueRegularOutput',
	};
}

/** Split Out of each page's `data`: what a user adds after the HTTP Request node to get one item per record. */
export function recordsNode(): WorkflowNode {
	return node(RECORDS, 'n8n-nodes-base.splitOut', 1, { fieldToSplitOut: 'data', options: {} }, 0);
}
