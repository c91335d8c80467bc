import type { IExecuteFunctions } from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import { recordWithMessage } from '../records';
import type { OperationResult } from '../types';

export function readCampaignId(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'campaignId', {
		label: 'Campaign',
		field: 'campaign_id',
	});
}

/**
 * Start and stop share one endpoint (https://docs.famulor.de/en/api-reference/campaigns/update-status);
 * the output is its `data`: `{campaign_id, status}`.
 */
export async function updateCampaignStatus(
	this: IExecuteFunctions,
	campaignId: number,
	action: 'start' | 'stop',
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/user/campaigns/update-status',
		body: { campaign_id: campaignId, action },
		safeToRepeat: false,
		itemIndex,
	});
	return recordWithMessage(response);
}
