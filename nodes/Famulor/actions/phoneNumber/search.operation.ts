import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { requestWholeList } from '../../../shared/transport';
import { SUPPORTED_COUNTRY_CODES, checkOneOf, invalid } from '../../validation';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const COUNTRY_NAMES: Record<(typeof SUPPORTED_COUNTRY_CODES)[number], string> = {
	AU: 'Australia',
	CA: 'Canada',
	DE: 'Germany',
	DK: 'Denmark',
	FI: 'Finland',
	GB: 'United Kingdom',
	IL: 'Israel',
	IT: 'Italy',
	NL: 'Netherlands',
	PL: 'Poland',
	US: 'United States',
};

/** The supported countries as dropdown options, sorted by name. */
export const countryOptions = SUPPORTED_COUNTRY_CODES.map((code) => ({
	name: `${COUNTRY_NAMES[code]} (${code})`,
	value: code,
})).sort((a, b) => a.name.localeCompare(b.name));

export const MAX_CONTAINS_DIGITS = 10;

const properties: INodeProperties[] = [
	{
		displayName: 'Country',
		name: 'countryCode',
		type: 'options',
		options: countryOptions,
		default: 'DE',
		description: 'Country to search numbers in',
	},
	{
		displayName: 'Contains',
		name: 'contains',
		type: 'string',
		default: '',
		placeholder: 'e.g. 4930',
		description: `Only numbers whose international form contains these digits, counted without the plus: 4930 finds Berlin numbers (+4930…), 030 finds none. Digits only, at most ${MAX_CONTAINS_DIGITS}; leave empty for any number.`,
	},
	...returnAllProperties(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['search'] } },
	properties,
);

/** Read-only; the `phone_number` of a result is what Purchase takes. */
interface SearchPlan {
	qs: IDataObject;
	limit: number;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): SearchPlan {
	const countryCode = checkOneOf.call(
		this,
		itemIndex,
		{ label: 'Country', field: 'country_code' },
		this.getNodeParameter('countryCode', itemIndex),
		SUPPORTED_COUNTRY_CODES,
	);
	const contains = String(this.getNodeParameter('contains', itemIndex, '') ?? '').trim();
	if (contains !== '' && !new RegExp(`^\\d{1,${MAX_CONTAINS_DIGITS}}$`).test(contains)) {
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'Contains', field: 'contains' },
			`must be digits only, at most ${MAX_CONTAINS_DIGITS}, got "${contains.slice(0, 40)}"`,
		);
	}
	const qs: IDataObject = { country_code: countryCode };
	if (contains !== '') qs.contains = contains;
	return { qs, limit: readListLimit.call(this, itemIndex) };
}

export async function execute(
	this: IExecuteFunctions,
	{ qs, limit }: SearchPlan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestWholeList.call(this, {
		path: '/api/user/phone-numbers/search',
		qs,
		limit,
		itemIndex,
	});
}
