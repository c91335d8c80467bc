import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [...returnAllProperties('SIP trunks')];

export const description = updateDisplayOptions(
	{ show: { resource: ['sipTrunk'], operation: ['getAll'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readListLimit.call(this, itemIndex);
}

/** Not paginated (https://docs.famulor.de/en/api-reference/sip-trunks/list); the Limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	limit: number,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/sip-trunks',
		itemIndex,
	});
	return unwrapList(response).slice(0, limit);
}
