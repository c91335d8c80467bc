import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [
	knowledgeBaseLocator('knowledgeBaseId', 'The knowledge base to read'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['knowledgeBase'], operation: ['get'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'knowledgeBaseId', {
		label: 'Knowledge Base',
		field: 'id',
	});
}

export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: `/api/user/knowledgebases/${id}`,
		itemIndex,
	});
	return unwrapRecord(response);
}
