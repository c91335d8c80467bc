import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';
import { matches, toItem } from './common';

/**
 * Campaigns come as a bare array (https://docs.famulor.de/en/api-reference/campaigns/list);
 * older answers as `{campaigns: [...]}`.
 */
async function listCampaigns(this: ILoadOptionsFunctions): Promise<IDataObject[]> {
	return unwrapList(
		await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/campaigns' }),
		'campaigns',
	);
}

export async function searchCampaigns(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const results = (await listCampaigns.call(this))
		.filter((campaign) => matches(filter, campaign.name, campaign.id))
		.map((campaign) =>
			toItem(
				`${String(campaign.name)} (#${String(campaign.id)}, ${String(campaign.status)})`,
				campaign.id,
			),
		);
	return { results };
}

export async function getCampaigns(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await listCampaigns.call(this)).map((campaign) => ({
		name: `${String(campaign.name)} (#${String(campaign.id)})`,
		value: Number(campaign.id),
	}));
}
