import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/descriptions';
import { deleteAt } from '../records';
import type { OperationEffect } from '../types';
import { readCampaignId } from './status';

const properties: INodeProperties[] = [
	{
		displayName:
			'Deleting a campaign stops it if it runs and deletes all its leads. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	campaignLocator('The campaign to delete'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['delete'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'campaign deletion',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readCampaignId.call(this, itemIndex);
}

/** DELETE /api/user/campaign/{id}, singular (https://docs.famulor.de/en/api-reference/campaigns/delete). */
export const execute = deleteAt('/api/user/campaign');
