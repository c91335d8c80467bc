import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { outboundAssistantLocator } from '../../../shared/descriptions';
import { checkIdList, checkOneOf, invalid } from '../../validation';
import { checkName, readLocatorId } from '../common';
import { createAt } from '../records';
import type { OperationEffect } from '../types';
import { MAX_CALLS_IN_PARALLEL, OPTIONAL_FIELDS, WEEK_DAYS } from './settings';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the campaign, at most 255 characters',
	},
	outboundAssistantLocator('assistantId', 'The outbound assistant that calls the leads'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Allowed Days',
				name: 'allowedDays',
				type: 'multiOptions',
				options: WEEK_DAYS.map((day) => ({
					name: day[0].toUpperCase() + day.slice(1),
					value: day,
				})),
				default: [],
				description: 'Days on which calls are made (default: every day)',
			},
			{
				displayName: 'Allowed Hours End',
				name: 'allowedHoursEnd',
				type: 'string',
				default: '',
				placeholder: '17:00',
				description:
					'Latest time of day for calls, HH:MM in the campaign time zone (default 23:59)',
			},
			{
				displayName: 'Allowed Hours Start',
				name: 'allowedHoursStart',
				type: 'string',
				default: '',
				placeholder: '09:00',
				description:
					'Earliest time of day for calls, HH:MM in the campaign time zone (default 00:00)',
			},
			{
				displayName: 'Goal Completion Variable',
				name: 'goalCompletionVariable',
				type: 'string',
				default: '',
				placeholder: 'e.g. appointment_booked',
				description:
					"Name of a boolean variable of the assistant's post-call schema that says whether a call reached its goal",
			},
			{
				displayName: 'Mark Complete When No Leads',
				name: 'markCompleteWhenNoLeads',
				type: 'boolean',
				default: true,
				description: 'Whether the campaign completes by itself when no lead is left to call',
			},
			{
				displayName: 'Max Calls In Parallel',
				name: 'maxCallsInParallel',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_CALLS_IN_PARALLEL },
				default: 3,
				description: `How many leads are called at once, 1 to ${MAX_CALLS_IN_PARALLEL} (your plan may allow fewer)`,
			},
			{
				displayName: 'Max Retries',
				name: 'maxRetries',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 5 },
				default: 3,
				description: 'How often an unreached lead is called again, 1 to 5',
			},
			{
				displayName: 'Phone Number Names or IDs',
				name: 'phoneNumberIds',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getPhoneNumbers' },
				default: [],
				description:
					'Numbers the campaign calls from, rotated per call (default: the assistant\'s number). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Retry Interval (Minutes)',
				name: 'retryInterval',
				type: 'number',
				typeOptions: { minValue: 10, maxValue: 4320 },
				default: 60,
				description: 'Minutes before an unreached lead is called again, 10 to 4320',
			},
			{
				displayName: 'Retry On Goal Incomplete',
				name: 'retryOnGoalIncomplete',
				type: 'boolean',
				default: false,
				description: 'Whether to call again when the goal variable says the goal was not met',
			},
			{
				displayName: 'Retry On Voicemail',
				name: 'retryOnVoicemail',
				type: 'boolean',
				default: false,
				description: 'Whether to call again when a call reached voicemail',
			},
			{
				displayName: 'Timezone',
				name: 'timezone',
				type: 'string',
				default: '',
				placeholder: 'Europe/Berlin',
				description: "IANA time zone of the allowed hours (default: the account's)",
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['campaign'], operation: ['create'] } },
	properties,
);

export const effect: OperationEffect = { kind: 'creates', noun: 'campaign', idFields: ['id'] };
export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		name: checkName.call(this, itemIndex, this.getNodeParameter('name', itemIndex), 255),
		assistant_id: readLocatorId.call(this, itemIndex, 'assistantId', {
			label: 'Assistant',
			field: 'assistant_id',
		}),
	};
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	for (const [parameter, field, label, read] of OPTIONAL_FIELDS) {
		if (additional[parameter] === undefined || additional[parameter] === '') continue;
		body[field] = read.call(
			this,
			itemIndex,
			{ label, field },
			additional[parameter],
		) as IDataObject[string];
	}
	const days = additional.allowedDays as unknown[] | undefined;
	if (days !== undefined && days.length > 0) {
		body.allowed_days = days.map((day) =>
			checkOneOf.call(
				this,
				itemIndex,
				{ label: 'Allowed Days', field: 'allowed_days' },
				day,
				WEEK_DAYS,
			),
		);
	}
	const phoneIds = checkIdList.call(
		this,
		itemIndex,
		{ label: 'Phone Number Names or IDs', field: 'phone_number_ids' },
		additional.phoneNumberIds ?? [],
	);
	if (new Set(phoneIds).size !== phoneIds.length)
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'Phone Number Names or IDs', field: 'phone_number_ids' },
			'must not name a number twice',
		);
	if (phoneIds.length > 0) body.phone_number_ids = phoneIds;
	if (
		body.allowed_hours_start_time !== undefined &&
		body.allowed_hours_end_time !== undefined &&
		String(body.allowed_hours_start_time) > String(body.allowed_hours_end_time)
	) {
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'Allowed Hours End', field: 'allowed_hours_end_time' },
			`must not be before Allowed Hours Start (${String(body.allowed_hours_start_time)})`,
		);
	}
	return body;
}

/**
 * A draft campaign (https://docs.famulor.de/en/api-reference/campaigns/create): it calls nobody until
 * Campaign → Start. Outputs the new campaign.
 */
export const execute = createAt('/api/user/campaigns');
