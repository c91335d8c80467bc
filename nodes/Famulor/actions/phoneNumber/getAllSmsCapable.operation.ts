import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { speaksCurrentApi } from '../apiGeneration';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [...returnAllProperties('phone numbers')];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['getAllSmsCapable'] } },
	properties,
);

/**
 * The legacy endpoint: version 1 at the path the seed specification (the API docs of February 2026) gives it (no `/api` prefix), version 2 under
 * `/api` as the current docs place every path (https://docs.famulor.de/en/api-reference/phone-numbers/list).
 * Its answer's shape is not documented, so both a bare array and `{data: [...]}` are read.
 */
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
		path: speaksCurrentApi.call(this) ? '/api/user/phone-numbers' : '/user/phone-numbers',
		itemIndex,
	});
	return unwrapList(response).slice(0, limit);
}
