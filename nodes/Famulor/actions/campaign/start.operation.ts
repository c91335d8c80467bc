import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/descriptions';
import type { OperationEffect, OperationResult } from '../types';
import { readCampaignId, updateCampaignStatus } from './status';

const properties: INodeProperties[] = [
	{
		displayName:
			'Starting a campaign calls its leads within the allowed days and hours; every call costs money. It needs enough balance and at least one lead to call.',
		name: 'startNotice',
		type: 'notice',
		default: '',
	},
	campaignLocator('The campaign to start'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['start'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'billed',
	noun: 'campaign start',
	idFields: ['campaign_id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readCampaignId.call(this, itemIndex);
}

/** Sent once and never repeated on an unclear failure: a start places billed calls. */
export async function execute(
	this: IExecuteFunctions,
	campaignId: number,
	itemIndex: number,
): Promise<OperationResult> {
	return await updateCampaignStatus.call(this, campaignId, 'start', itemIndex);
}
