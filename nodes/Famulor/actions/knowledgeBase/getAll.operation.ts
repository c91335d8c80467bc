import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [...returnAllProperties('knowledge bases')];

export const description = updateDisplayOptions(
	{ show: { resource: ['knowledgeBase'], operation: ['getAll'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readListLimit.call(this, itemIndex);
}

/** The service sends the whole list at once (https://docs.famulor.de/en/api-reference/knowledgebases/list); the Limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	limit: number,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/knowledgebases',
		itemIndex,
	});
	return unwrapList(response).slice(0, limit);
}
