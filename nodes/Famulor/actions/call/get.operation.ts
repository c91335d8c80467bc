import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { callLocator } from '../../../shared/descriptions';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [
	callLocator('The call to read: its transcript, evaluation, costs and recording URL'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['call'], operation: ['get'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'callId', { label: 'Call', field: 'id' });
}

/**
 * The service answers the bare call (https://docs.famulor.de/en/api-reference/calls/get); a
 * `data` wrapper is accepted too.
 */
export async function execute(
	this: IExecuteFunctions,
	callId: number,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, {
			method: 'GET',
			path: `/api/user/calls/${callId}`,
			itemIndex,
		}),
	);
}
