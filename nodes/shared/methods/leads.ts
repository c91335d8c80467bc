import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { matches, searchPage, toItem } from './common';

/**
 * Leads page by page. A filter that is a phone number (or part of one) is sent as `phone_number`,
 * which the service matches partially; any other text narrows each page by name, campaign or ID.
 */
export async function searchLeads(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const phone = (filter ?? '').replace(/[\s()-]/g, '');
	const byPhone = /^\+?\d+$/.test(phone);
	const page = await searchPage(this, {
		path: '/api/user/leads',
		paging: 'page',
		paginationToken,
		qs: byPhone ? { phone_number: phone } : {},
	});
	const records = page.records.filter(
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
	return { results, paginationToken: page.paginationToken };
}
