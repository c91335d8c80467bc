import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { leadLocator } from '../../../shared/descriptions';
import { readLocatorId } from '../common';
import { deleteAt } from '../records';
import type { OperationEffect } from '../types';

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
export const execute = deleteAt('/api/user/leads');
