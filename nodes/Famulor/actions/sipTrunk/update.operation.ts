import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { sipTrunkLocator } from '../../../shared/descriptions';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { requireFieldToChange } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';
import {
	allowedIpsProperty,
	authorizationProperty,
	callingFormatProperty,
	countryCodeProperty,
	readSipFields,
} from './fields';

const properties: INodeProperties[] = [
	sipTrunkLocator('The SIP trunk to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Changing the username, password, number, address, proxy or inbound authorization re-creates the affected trunk (new trunk IDs)',
		options: [
			allowedIpsProperty,
			callingFormatProperty,
			countryCodeProperty,
			authorizationProperty,
			{
				displayName: 'Nickname',
				name: 'nickname',
				type: 'string',
				default: '',
				description: 'A label, at most 50 characters; empty clears it',
			},
			{
				displayName: 'Outbound Proxy',
				name: 'outboundProxy',
				type: 'boolean',
				default: false,
				description: 'Whether outbound calls go through a fixed IP address',
			},
			{
				displayName: 'Phone Number',
				name: 'phoneNumber',
				type: 'string',
				default: '',
				description: 'E.164 number (with +) or an extension of 1–15 characters',
			},
			{
				displayName: 'SIP Password',
				name: 'sipPassword',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'At least 3 characters',
			},
			{
				displayName: 'SIP Server Address',
				name: 'sipAddress',
				type: 'string',
				default: '',
				placeholder: 'sip.provider.com',
			},
			{
				displayName: 'SIP Username',
				name: 'sipUsername',
				type: 'string',
				default: '',
				description: '3 to 128 characters',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sipTrunk'], operation: ['update'] } },
	properties,
);

interface UpdatePlan {
	id: number;
	body: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): UpdatePlan {
	const id = readLocatorId.call(this, itemIndex, 'sipTrunkId', { label: 'SIP Trunk', field: 'id' });
	const body = readSipFields.call(
		this,
		itemIndex,
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
	);
	requireFieldToChange.call(this, itemIndex, body);
	return { id, body };
}

/**
 * Only the fields given are sent (https://docs.famulor.de/en/api-reference/sip-trunks/update);
 * outputs the updated trunk.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: UpdatePlan,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: `/api/user/phone-numbers/sip-trunks/${plan.id}`,
			body: plan.body,
			itemIndex,
		}),
	);
}
