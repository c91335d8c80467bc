import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { E164_PATTERN, checkE164 } from '../../validation';
import { famulorApiRequest } from '../../../shared/transport';
import { locatorValue } from '../common';
import { answerAsSent } from '../records';
import type { OperationEffect } from '../types';
import { variantHook, type Variant } from '../variant';
import { countryOptions } from './search.operation';

const properties: INodeProperties[] = [
	{
		displayName:
			"Buying a number starts a monthly, auto-renewing subscription that is charged to the account's payment method. Purchases are non-refundable; the subscription runs until the number is released.",
		name: 'purchaseNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Search Country',
		name: 'searchCountryCode',
		type: 'options',
		options: countryOptions,
		default: 'DE',
		description: 'Country whose available numbers are listed under "From Search Results"',
	},
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'An available number returned by Phone Number → Search Available, in E.164 format',
		modes: [
			{
				displayName: 'From Search Results',
				name: 'list',
				type: 'list',
				typeOptions: {
					searchListMethod: 'searchAvailablePhoneNumbers',
					searchable: true,
					searchFilterRequired: false,
				},
			},
			{
				displayName: 'By Number',
				name: 'number',
				type: 'string',
				placeholder: '+4930123456789',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: E164_PATTERN.source,
							errorMessage:
								'Enter a number from the search results in E.164 format, e.g. +4930123456789',
						},
					},
				],
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['purchase'] } },
	properties,
);

/** Buys a number: a paid, non-refundable subscription, so it is sent once and never repeated on an unclear failure. */
export const effect: OperationEffect = {
	kind: 'billed',
	noun: 'phone number',
	idFields: ['phone_number', 'id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	return {
		phone_number: checkE164.call(
			this,
			itemIndex,
			{ label: 'Phone Number', field: 'phone_number' },
			locatorValue.call(this, 'phoneNumber', itemIndex),
		),
	};
}

/** Version 1 outputs the service's answer as it comes. */
const VERSION_1: Pick<Variant, 'outputs'> = { outputs: answerAsSent };

/** The operation with the version's output of the one request's answer. */
export const variant = variantHook(VERSION_1, ({ outputs }) => ({
	description,
	effect,
	prepare,
	async execute(this: IExecuteFunctions, body: IDataObject, itemIndex: number) {
		const answer = await famulorApiRequest.call(this, {
			method: 'POST',
			path: '/api/user/phone-numbers/purchase',
			body,
			safeToRepeat: false,
			itemIndex,
		});
		return await outputs.call(this, answer, body, itemIndex);
	},
}));

export const { execute } = variant();
