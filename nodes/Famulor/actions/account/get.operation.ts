import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['get'] } },
	properties,
);

export function prepare(): undefined {
	return undefined;
}

/** Name, email and balance of the API key's account (https://docs.famulor.de/en/api-reference/user/me). */
export async function execute(
	this: IExecuteFunctions,
	_plan: undefined,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/me', itemIndex }),
	);
}
