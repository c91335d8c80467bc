import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { leadLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import {
	PHONE_NUMBER_HINT,
	checkId,
	checkOneOf,
	checkPhoneNumber,
	requireFieldToChange,
} from '../../validation';
import { readLocatorId, readVariables, variablesProperty } from '../common';
import type { OperationResult } from '../types';
import { SETTABLE_LEAD_STATUSES, campaignOption, statusOptions } from './fields';

const properties: INodeProperties[] = [
	leadLocator('The lead to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			campaignOption('Move the lead to this campaign'),
			{
				displayName: 'Phone Number',
				name: 'phoneNumber',
				type: 'string',
				default: '',
				placeholder: '+4915112345678',
				description: `New number, ${PHONE_NUMBER_HINT}`,
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: statusOptions(SETTABLE_LEAD_STATUSES),
				default: 'completed',
				description:
					'"Created" puts the lead back in the call queue (the campaign\'s retry limit still applies); "Completed" stops the campaign from calling it',
			},
			{
				...variablesProperty(
					"Values merged into the lead's variables (names not given keep their values)",
				),
				name: 'variables',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: ['update'] } },
	properties,
);

interface UpdatePlan {
	id: number;
	body: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): UpdatePlan {
	const id = readLocatorId.call(this, itemIndex, 'leadId', { label: 'Lead', field: 'id' });
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.campaignId !== undefined && fields.campaignId !== '')
		body.campaign_id = checkId.call(
			this,
			itemIndex,
			{ label: 'Campaign', field: 'campaign_id' },
			fields.campaignId,
		);
	if (fields.phoneNumber !== undefined)
		body.phone_number = checkPhoneNumber.call(
			this,
			itemIndex,
			{ label: 'Phone Number', field: 'phone_number' },
			fields.phoneNumber,
		);
	if (fields.status !== undefined)
		body.status = checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Status', field: 'status' },
			fields.status,
			SETTABLE_LEAD_STATUSES,
		);
	const variables = readVariables.call(this, itemIndex, 'updateFields.variables', 'variables');
	if (variables) body.variables = variables;
	requireFieldToChange.call(this, itemIndex, body);
	return { id, body };
}

/**
 * PUT /api/leads/{id}, without /user (https://docs.famulor.de/en/api-reference/leads/update). The
 * service answers only a message, so the output names the lead and what was sent.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: UpdatePlan,
	itemIndex: number,
): Promise<OperationResult> {
	await famulorApiRequest.call(this, {
		method: 'PUT',
		path: `/api/leads/${plan.id}`,
		body: plan.body,
		itemIndex,
	});
	return { id: plan.id, updated: true, changes: plan.body };
}
