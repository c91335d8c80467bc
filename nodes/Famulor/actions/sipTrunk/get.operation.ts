import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { sipTrunkLocator } from '../../../shared/descriptions';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [sipTrunkLocator('The SIP trunk to read')];

export const description = updateDisplayOptions(
	{ show: { resource: ['sipTrunk'], operation: ['get'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'sipTrunkId', { label: 'SIP Trunk', field: 'id' });
}

/**
 * Wrapped in `data` (https://docs.famulor.de/en/api-reference/sip-trunks/get); includes the
 * trunk IDs the list leaves out.
 */
export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, {
			method: 'GET',
			path: `/api/user/phone-numbers/sip-trunks/${id}`,
			itemIndex,
		}),
	);
}
