import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { checkOneOf } from '../../validation';
import { createAt } from '../records';
import type { OperationEffect } from '../types';
import {
	allowedIpsProperty,
	authorizationProperty,
	callingFormatProperty,
	countryCodeProperty,
	readSipFields,
} from './fields';

type TrunkType = 'number' | 'extension';
const TRUNK_TYPES: readonly TrunkType[] = ['number', 'extension'];

const properties: INodeProperties[] = [
	{
		displayName: 'Trunk Type',
		name: 'sipTrunkType',
		type: 'options',
		options: [
			{ name: 'Number (DID)', value: 'number', description: 'A phone number in E.164 format' },
			{ name: 'Extension', value: 'extension', description: 'An extension of a PBX, e.g. 1000' },
		],
		default: 'number',
	},
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+4930123456789',
		description: 'The number (E.164) or the extension (1–15 characters)',
	},
	{
		displayName: 'SIP Username',
		name: 'sipUsername',
		type: 'string',
		required: true,
		default: '',
		description: '3 to 128 characters',
	},
	{
		displayName: 'SIP Password',
		name: 'sipPassword',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description: 'At least 3 characters',
	},
	{
		displayName: 'SIP Server Address',
		name: 'sipAddress',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'sip.provider.com',
		description: 'Host name of the SIP provider, without port',
	},
	callingFormatProperty,
	authorizationProperty,
	{ ...allowedIpsProperty, displayOptions: { show: { inboundAuthorizationType: ['ip'] } } },
	{ ...countryCodeProperty, required: true },
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Nickname',
				name: 'nickname',
				type: 'string',
				default: '',
				description: 'A label for the trunk, at most 50 characters',
			},
			{
				displayName: 'Outbound Proxy',
				name: 'outboundProxy',
				type: 'boolean',
				default: false,
				description:
					'Whether outbound calls go through a fixed IP address (for providers that allow-list IPs)',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sipTrunk'], operation: ['create'] } },
	properties,
);

export const effect: OperationEffect = { kind: 'creates', noun: 'SIP trunk', idFields: ['id'] };

const REQUIRED_PARAMETERS = [
	'phoneNumber',
	'sipUsername',
	'sipPassword',
	'sipAddress',
	'sipCallingFormat',
	'inboundAuthorizationType',
	'countryCode',
];

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const trunkType = checkOneOf.call(
		this,
		itemIndex,
		{ label: 'Trunk Type', field: 'sip_trunk_type' },
		this.getNodeParameter('sipTrunkType', itemIndex),
		TRUNK_TYPES,
	) as TrunkType;
	const values: IDataObject = {
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	for (const parameter of REQUIRED_PARAMETERS)
		values[parameter] = this.getNodeParameter(parameter, itemIndex, '');
	if (values.inboundAuthorizationType === 'ip')
		values.allowedInboundIps = this.getNodeParameter('allowedInboundIps', itemIndex, '');
	return { sip_trunk_type: trunkType, ...readSipFields.call(this, itemIndex, values, trunkType) };
}

/**
 * Provisions an inbound and an outbound trunk (https://docs.famulor.de/en/api-reference/sip-trunks/create);
 * calls over it cost a per-minute bridging fee. Outputs the new trunk (its ID works as an assistant's phone number).
 */
export const execute = createAt('/api/user/phone-numbers/sip-trunks');
