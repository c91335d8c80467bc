import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { requestPageNumberList } from '../../../shared/transport';
import { checkId, checkOneOf, checkPattern } from '../../validation';
import { filteredListProperties, readListLimit, type FilteredListPlan } from '../common';
import { readDayRange } from '../dayRange';
import type { OperationResult } from '../types';

/** The statuses the calls list filters by (https://docs.famulor.de/en/api-reference/calls/list). */
const STATUSES = [
	'busy',
	'completed',
	'ended',
	'ended_by_assistant',
	'ended_by_customer',
	'failed',
	'in-progress',
	'initiated',
	'no-answer',
	'ringing',
] as const;
const TYPES = ['inbound', 'outbound', 'web'] as const;
const PHONE_PART = /^\+?\d{1,15}$/;

const STATUS_NAMES: Record<(typeof STATUSES)[number], string> = {
	busy: 'Busy',
	completed: 'Completed',
	ended: 'Ended',
	ended_by_assistant: 'Ended by Assistant',
	ended_by_customer: 'Ended by Customer',
	failed: 'Failed',
	'in-progress': 'In Progress',
	initiated: 'Initiated',
	'no-answer': 'No Answer',
	ringing: 'Ringing',
};

const properties = filteredListProperties([
	{ ...assistantLocator('assistantId', 'Only calls of this assistant'), required: false },
	{
		displayName: 'Campaign ID',
		name: 'campaignId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 95',
		description: 'Only calls placed by this campaign',
	},
	{
		displayName: 'Client Phone Number',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		placeholder: '+4915112345678',
		description:
			'Only calls with this customer number (the whole number or its beginning, with the plus sign, e.g. +49151)',
	},
	{
		displayName: 'Created From',
		name: 'dateFrom',
		type: 'dateTime',
		default: '',
		description: 'Only calls created on or after this day (the time of day is ignored)',
	},
	{
		displayName: 'Created Until',
		name: 'dateTo',
		type: 'dateTime',
		default: '',
		description: 'Only calls created on or before this day (the time of day is ignored)',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		default: 'completed',
		options: STATUSES.map((value) => ({ name: STATUS_NAMES[value], value })),
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'outbound',
		options: TYPES.map((value) => ({
			name: value === 'web' ? 'Web' : value === 'inbound' ? 'Inbound' : 'Outbound',
			value,
		})),
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['call'], operation: ['getAll'] } },
	properties,
);

export function prepare(this: IExecuteFunctions, itemIndex: number): FilteredListPlan {
	const limit = readListLimit.call(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.status !== undefined)
		qs.status = checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Status', field: 'status' },
			filters.status,
			STATUSES,
		);
	if (filters.type !== undefined)
		qs.type = checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Type', field: 'type' },
			filters.type,
			TYPES,
		);
	if (filters.phoneNumber) {
		qs.phone_number = checkPattern.call(
			this,
			itemIndex,
			{ label: 'Client Phone Number', field: 'phone_number' },
			filters.phoneNumber,
			PHONE_PART,
			'a phone number or its beginning, digits with an optional leading plus, like +49151',
		);
	}
	// a resource locator inside a collection arrives as {mode, value}
	const assistant = (filters.assistantId as { value?: unknown } | undefined)?.value;
	if (assistant !== undefined && assistant !== '')
		qs.assistant_id = checkId.call(
			this,
			itemIndex,
			{ label: 'Assistant', field: 'assistant_id' },
			assistant,
		);
	if (filters.campaignId)
		qs.campaign_id = checkId.call(
			this,
			itemIndex,
			{ label: 'Campaign ID', field: 'campaign_id' },
			filters.campaignId,
		);
	Object.assign(qs, readDayRange.call(this, itemIndex, filters, 'Created Until'));
	return { qs, limit };
}

/** Page by page (`page`, `per_page` up to 100), newest first, until the limit or the last page. */
export async function execute(
	this: IExecuteFunctions,
	{ qs, limit }: FilteredListPlan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestPageNumberList.call(this, { path: '/api/user/calls', qs, limit, itemIndex });
}
