import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { requestPageNumberList } from '../../../shared/transport';
import { checkId, checkOneOf } from '../../validation';
import { filteredListProperties, readListLimit, type FilteredListPlan } from '../common';
import { readDayRange } from '../dayRange';
import type { OperationResult } from '../types';
import { LEAD_STATUSES, campaignOption, statusOptions } from './fields';

const properties = filteredListProperties([
	campaignOption('Only leads of this campaign'),
	{
		displayName: 'Created From',
		name: 'dateFrom',
		type: 'dateTime',
		default: '',
		description: 'Only leads created on or after this day',
	},
	{
		displayName: 'Created To',
		name: 'dateTo',
		type: 'dateTime',
		default: '',
		description: 'Only leads created on or before this day',
	},
	{
		displayName: 'Phone Number Contains',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. +49151',
		description: 'Only leads whose number contains this text',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: statusOptions(LEAD_STATUSES),
		default: 'created',
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: ['getAll'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): FilteredListPlan {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.status !== undefined)
		qs.status = checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Status', field: 'status' },
			filters.status,
			LEAD_STATUSES,
		);
	if (filters.campaignId !== undefined && filters.campaignId !== '')
		qs.campaign_id = checkId.call(
			this,
			itemIndex,
			{ label: 'Campaign', field: 'campaign_id' },
			filters.campaignId,
		);
	const phone = String(filters.phoneNumber ?? '').trim();
	if (phone !== '') qs.phone_number = phone;
	Object.assign(qs, readDayRange.call(this, itemIndex, filters, 'Created To'));
	return { qs, limit: readListLimit.call(this, itemIndex) };
}

/** Paged with per_page and page (https://docs.famulor.de/en/api-reference/leads/list); one item per lead. */
export async function execute(
	this: IExecuteFunctions,
	plan: FilteredListPlan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestPageNumberList.call(this, {
		path: '/api/user/leads',
		qs: plan.qs,
		limit: plan.limit,
		itemIndex,
	});
}
