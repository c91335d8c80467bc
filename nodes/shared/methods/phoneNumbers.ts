import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';
import { currentValue, getList, matches, searchResult, toItem } from './common';

/** Phone numbers: the account's own, the SMS-capable ones, the ones an assistant may use, and numbers for sale. */

/** Every number the account owns, whole (the list is not paged). */
async function ownedNumbers(context: ILoadOptionsFunctions): Promise<IDataObject[]> {
	return unwrapList(
		await famulorApiRequest.call(context, { method: 'GET', path: '/api/user/phone-numbers/all' }),
	);
}

const numberName = (number: IDataObject): string =>
	`${String(number.phone_number)}${number.nickname ? ` (${String(number.nickname)})` : ''}`;

function numberResults(numbers: IDataObject[], filter?: string): INodeListSearchResult {
	const results = numbers
		.filter((number) => matches(filter, number.phone_number, number.nickname, number.id))
		.map((number) => toItem(numberName(number), number.id));
	return { results };
}

export async function searchPhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return numberResults(await ownedNumbers(this), filter);
}

export async function getPhoneNumbers(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await ownedNumbers(this)).map((number) => ({
		name: numberName(number),
		value: Number(number.id),
	}));
}

/**
 * Numbers that can send SMS: SMS-capable with an active subscription
 * (https://docs.famulor.de/en/api-reference/sms/send).
 */
export async function searchSmsPhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const numbers = await ownedNumbers(this);
	return numberResults(
		numbers.filter(
			(number) => number.sms_capable === true && number.has_active_subscription !== false,
		),
		filter,
	);
}

/** Numbers the assistant may use; an inbound assistant gets only the numbers free for inbound. */
export async function searchAssignablePhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const type = currentValue(this, 'type') === 'inbound' ? 'inbound' : 'outbound';
	const numbers = await getList(this, '/api/user/assistants/phone-numbers', { type });
	return searchResult(
		numbers,
		filter,
		(p) =>
			`${String(p.phone_number)} (${String(p.type_label ?? p.country_code)}${p.is_available === false ? ', serves an inbound assistant' : ''})`,
	);
}

/**
 * Purchasable numbers of the country chosen in the node (`searchCountryCode`). A filter of digits
 * (at most 10) is sent as `contains`; any other filter text narrows the results locally.
 */
export async function searchAvailablePhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const chosen = this.getCurrentNodeParameter('searchCountryCode');
	const countryCode = typeof chosen === 'string' && /^[A-Z]{2}$/.test(chosen) ? chosen : 'DE';
	const digits = (filter ?? '').replace(/[\s+()-]/g, '');
	const byDigits = /^\d{1,10}$/.test(digits);
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/search',
		qs: { country_code: countryCode, ...(byDigits ? { contains: digits } : {}) },
	});
	const results = unwrapList(response)
		.filter(
			(number) => byDigits || matches(filter, number.phone_number, number.phone_number_formatted),
		)
		.map((number) => {
			const price = number.price !== undefined ? `, ${String(number.price)}/month` : '';
			const sms = number.sms_capable === true ? ', SMS' : '';
			return toItem(
				`${String(number.phone_number_formatted ?? number.phone_number)}${price}${sms}`,
				number.phone_number,
			);
		});
	return { results };
}
