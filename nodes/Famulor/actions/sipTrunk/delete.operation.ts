import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { sipTrunkLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationEffect, OperationResult } from '../types';

const properties: INodeProperties[] = [
	sipTrunkLocator('The SIP trunk to delete; assistants and campaigns using it lose it'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sipTrunk'], operation: ['delete'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'SIP trunk deletion',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'sipTrunkId', { label: 'SIP Trunk', field: 'id' });
}

/** A SIP trunk is a phone number: it is deleted at once through the release endpoint (https://docs.famulor.de/en/api-reference/sip-trunks/delete). */
export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	await famulorApiRequest.call(this, {
		method: 'DELETE',
		path: `/api/user/phone-numbers/${id}`,
		safeToRepeat: false,
		itemIndex,
	});
	return { id, deleted: true };
}
