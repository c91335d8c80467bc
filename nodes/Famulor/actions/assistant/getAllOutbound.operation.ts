import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['getAllOutbound'] } },
	returnAllProperties(),
);

/** The service returns every outbound assistant at once (a bare array), so the limit is applied here. */
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
		path: '/api/user/assistants/outbound',
		itemIndex,
	});
	return unwrapList(response).slice(0, limit);
}
