import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { leadLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { deletedOutput, readLocatorId } from '../common';
import type { OperationEffect, OperationResult } from '../types';

const properties: INodeProperties[] = [
	leadLocator('The lead to delete, with its secondary contacts'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: ['delete'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'lead deletion',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'leadId', { label: 'Lead', field: 'id' });
}

/** https://docs.famulor.de/en/api-reference/leads/delete: permanent, secondary contacts included. */
export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	const answer = await famulorApiRequest.call(this, {
		method: 'DELETE',
		path: `/api/user/leads/${id}`,
		safeToRepeat: false,
		itemIndex,
	});
	return deletedOutput({ id }, answer);
}
