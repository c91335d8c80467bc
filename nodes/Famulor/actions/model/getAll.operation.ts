import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { requestWholeList } from '../../../shared/transport';
import { checkOneOf } from '../../validation';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const MODEL_TYPES = ['llm', 'multimodal', 'dualplex'] as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Type',
		name: 'modelType',
		type: 'options',
		options: [
			{ name: 'LLM (Pipeline)', value: 'llm' },
			{ name: 'Multimodal', value: 'multimodal' },
			{ name: 'Dualplex', value: 'dualplex' },
		],
		default: 'llm',
		description:
			'Which models: language models for pipeline assistants, or the speech models of multimodal and dualplex assistants',
	},
	...returnAllProperties(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['model'], operation: ['getAll'] } },
	properties,
);

interface Plan {
	limit: number;
	type: string;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	const type = checkOneOf.call(
		this,
		itemIndex,
		{ label: 'Type', field: 'type' },
		this.getNodeParameter('modelType', itemIndex),
		MODEL_TYPES,
	);
	return { limit: readListLimit.call(this, itemIndex), type };
}

/** https://docs.famulor.de/en/api-reference/assistants/models: the whole list at once, so the limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	{ limit, type }: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestWholeList.call(this, {
		path: '/api/user/assistants/models',
		qs: { type },
		limit,
		itemIndex,
	});
}
