import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { requestWholeList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';
import { documentPath, knowledgeBaseProperty, readKnowledgeBaseId } from './common';

const properties: INodeProperties[] = [knowledgeBaseProperty, ...returnAllProperties()];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['getAll'] } },
	properties,
);

/** The service sends every document at once; one item per document. */
interface ListPlan {
	path: string;
	limit: number;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): ListPlan {
	return {
		path: documentPath(readKnowledgeBaseId.call(this, itemIndex)),
		limit: readListLimit.call(this, itemIndex),
	};
}

export async function execute(
	this: IExecuteFunctions,
	{ path, limit }: ListPlan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestWholeList.call(this, { path, limit, itemIndex });
}
