import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [...returnAllProperties('phone numbers')];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['getAll'] } },
	properties,
);

/** Every number of the account, whatever its SMS capability or subscription; one item per number. */
export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readListLimit.call(this, itemIndex);
}

export async function execute(
	this: IExecuteFunctions,
	limit: number,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/all',
		itemIndex,
	});
	return unwrapList(response).slice(0, limit);
}
