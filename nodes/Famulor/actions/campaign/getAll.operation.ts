import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [...returnAllProperties('campaigns')];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['getAll'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readListLimit.call(this, itemIndex);
}

/**
 * The whole list in one answer, a bare array (https://docs.famulor.de/en/api-reference/campaigns/list;
 * `{campaigns: [...]}` in older answers); the Limit is applied here.
 */
export async function execute(
	this: IExecuteFunctions,
	limit: number,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/campaigns',
		itemIndex,
	});
	return unwrapList(response, 'campaigns').slice(0, limit);
}
