import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { MAX_PAGE_SIZE, famulorApiRequest, unwrapList } from '../transport';
import { parseId } from '../ids';

/**
 * Pickers of the account's building blocks: campaigns, leads, documents, SIP trunks, and the option
 * lists of campaigns and phone numbers for fields inside collections.
 */

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(needle),
	);
}

function toItem(name: string, id: unknown): INodeListSearchItems {
	return { name, value: String(id) };
}

/** Campaigns come as a bare array (https://docs.famulor.de/en/api-reference/campaigns/list); older answers as `{campaigns: [...]}`. */
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

/**
 * Leads page by page. A filter that is a phone number (or part of one) is sent as `phone_number`,
 * which the service matches partially; any other text narrows each page by name, campaign or ID.
 */
export async function searchLeads(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const page = typeof paginationToken === 'string' ? Number(paginationToken) : 1;
	const phone = (filter ?? '').replace(/[\s()-]/g, '');
	const byPhone = /^\+?\d+$/.test(phone);
	const response = (await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/leads',
		qs: { per_page: MAX_PAGE_SIZE, page, ...(byPhone ? { phone_number: phone } : {}) },
	})) as IDataObject;
	const records = unwrapList(response).filter(
		(lead) =>
			byPhone ||
			matches(
				filter,
				lead.id,
				(lead.campaign as IDataObject | null | undefined)?.name,
				...Object.values((lead.variables as IDataObject | null | undefined) ?? {}),
			),
	);
	const results = records.map((lead) => {
		const campaign = (lead.campaign as IDataObject | null | undefined)?.name ?? lead.campaign_id;
		return toItem(
			`${String(lead.phone_number)} (#${String(lead.id)}, ${String(campaign)}, ${String(lead.status)})`,
			lead.id,
		);
	});
	const lastPage = Number(response.last_page ?? page);
	return { results, paginationToken: page < lastPage ? String(page + 1) : undefined };
}

/** Documents of the knowledge base chosen in the node; none until one is chosen. */
export async function searchDocuments(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const knowledgeBaseId = parseId(
		this.getCurrentNodeParameter('knowledgeBaseId', { extractValue: true }),
	);
	if (knowledgeBaseId === undefined) return { results: [] };
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: `/api/user/knowledgebases/${knowledgeBaseId}/documents`,
	});
	const results = unwrapList(response)
		.filter((document) => matches(filter, document.name, document.id))
		.map((document) =>
			toItem(
				`${String(document.name)} (#${String(document.id)}, ${String(document.status)})`,
				document.id,
			),
		);
	return { results };
}

export async function searchSipTrunks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/sip-trunks',
	});
	const results = unwrapList(response)
		.filter((trunk) =>
			matches(filter, trunk.phone_number, trunk.nickname, trunk.sip_address, trunk.id),
		)
		.map((trunk) =>
			toItem(
				`${String(trunk.phone_number)}${trunk.nickname ? ` (${String(trunk.nickname)})` : ''} @ ${String(trunk.sip_address)}`,
				trunk.id,
			),
		);
	return { results };
}

export async function getPhoneNumbers(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/all',
	});
	return unwrapList(response).map((number) => ({
		name: `${String(number.phone_number)}${number.nickname ? ` (${String(number.nickname)})` : ''}`,
		value: Number(number.id),
	}));
}
