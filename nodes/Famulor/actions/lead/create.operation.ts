import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { campaignLocator } from '../../../shared/descriptions';
import {
	PHONE_NUMBER_HINT,
	checkBoolean,
	checkPhoneNumber,
	parseJsonObject,
} from '../../validation';
import { readLocatorId, readVariables, variablesProperty } from '../common';
import { createAt } from '../records';
import type { OperationEffect } from '../types';

const properties: INodeProperties[] = [
	campaignLocator(
		'The campaign the lead is added to; a running campaign calls it within its allowed hours',
	),
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+4915112345678',
		description: `Number to call, ${PHONE_NUMBER_HINT}`,
	},
	variablesProperty(
		'Values for the call, e.g. customer_name or email, usable in the assistant prompt',
	),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Allow Duplicate',
				name: 'allowDuplicate',
				type: 'boolean',
				default: false,
				description:
					'Whether to add the lead even if the campaign already has a lead with this number',
			},
			{
				displayName: 'Secondary Contacts',
				name: 'secondaryContacts',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: 'Add Contact',
				default: {},
				description: 'Further numbers of the same lead, e.g. an office line',
				options: [
					{
						displayName: 'Contact',
						name: 'contact',
						values: [
							{
								displayName: 'Phone Number',
								name: 'phoneNumber',
								type: 'string',
								default: '',
								placeholder: '+4930123456789',
								description: `The number, ${PHONE_NUMBER_HINT}`,
							},
							{
								displayName: 'Variables (JSON)',
								name: 'variables',
								type: 'json',
								default: '{}',
								description: 'Values for calls to this contact, as a JSON object',
							},
						],
					},
				],
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['lead'], operation: ['create'] } },
	properties,
);

export const effect: OperationEffect = { kind: 'creates', noun: 'lead', idFields: ['id'] };

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		phone_number: checkPhoneNumber.call(
			this,
			itemIndex,
			{ label: 'Phone Number', field: 'phone_number' },
			this.getNodeParameter('phoneNumber', itemIndex),
		),
		campaign_id: readLocatorId.call(this, itemIndex, 'campaignId', {
			label: 'Campaign',
			field: 'campaign_id',
		}),
	};
	const variables = readVariables.call(this, itemIndex);
	if (variables) body.variables = variables;
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	// The documented field name is misspelled: https://docs.famulor.de/en/api-reference/leads/create
	if (additional.allowDuplicate !== undefined)
		body.allow_dupplicate = checkBoolean.call(
			this,
			itemIndex,
			{ label: 'Allow Duplicate', field: 'allow_dupplicate' },
			additional.allowDuplicate,
		);
	const contacts = ((additional.secondaryContacts as IDataObject | undefined)?.contact ??
		[]) as IDataObject[];
	if (contacts.length > 0) {
		body.secondary_contacts = contacts.map((contact, index) => {
			const field = `secondary_contacts.${index}`;
			const phone = checkPhoneNumber.call(
				this,
				itemIndex,
				{ label: `Secondary Contacts ${index + 1}: Phone Number`, field: `${field}.phone_number` },
				contact.phoneNumber,
			);
			const contactVariables = parseJsonObject.call(
				this,
				itemIndex,
				{ label: `Secondary Contacts ${index + 1}: Variables (JSON)`, field: `${field}.variables` },
				contact.variables,
			);
			return Object.keys(contactVariables).length > 0
				? { phone_number: phone, variables: contactVariables }
				: { phone_number: phone };
		});
	}
	return body;
}

/** POST /api/user/lead, singular (https://docs.famulor.de/en/api-reference/leads/create); outputs the new lead. */
export const execute = createAt('/api/user/lead');
