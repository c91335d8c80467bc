import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { campaignLocator } from '../../../shared/descriptions';
import type { OperationResult } from '../types';
import { readCampaignId, updateCampaignStatus } from './status';

const properties: INodeProperties[] = [
	campaignLocator('The running campaign to stop; calls in progress are aborted'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['stop'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readCampaignId.call(this, itemIndex);
}

export async function execute(
	this: IExecuteFunctions,
	campaignId: number,
	itemIndex: number,
): Promise<OperationResult> {
	return await updateCampaignStatus.call(this, campaignId, 'stop', itemIndex);
}
