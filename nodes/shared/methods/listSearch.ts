import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { MAX_PAGE_SIZE, famulorApiRequest, unwrapList } from '../transport';

export function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(needle),
	);
}

export function toItem(name: string, id: unknown): INodeListSearchItems {
	return { name, value: String(id) };
}

/** Assistants page by page (the list is paginated); the search filters each page by name or ID. */
export async function searchAssistants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const page =
		typeof paginationToken === 'string' || typeof paginationToken === 'number'
			? Number(paginationToken)
			: 1;
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/assistants/get',
		qs: { per_page: MAX_PAGE_SIZE, page },
	});
	const results = unwrapList(response)
		.filter((assistant) => matches(filter, assistant.name, assistant.id))
		.map((assistant) =>
			toItem(`${String(assistant.name)} (#${String(assistant.id)})`, assistant.id),
		);
	const lastPage = Number((response as IDataObject).last_page ?? page);
	return { results, paginationToken: page < lastPage ? String(page + 1) : undefined };
}

export async function searchPhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/phone-numbers/all',
	});
	const results = unwrapList(response)
		.filter((number) => matches(filter, number.phone_number, number.nickname, number.id))
		.map((number) =>
			toItem(
				`${String(number.phone_number)}${number.nickname ? ` (${String(number.nickname)})` : ''}`,
				number.id,
			),
		);
	return { results };
}

/** Knowledge bases come from the list endpoint of the service's docs (https://docs.famulor.de/en/api-reference/knowledge-bases/list); the seed specification has only get/update. */
export async function searchKnowledgeBases(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/knowledgebases',
	});
	const results = unwrapList(response)
		.filter((base) => matches(filter, base.name, base.id))
		.map((base) => toItem(`${String(base.name)} (#${String(base.id)})`, base.id));
	return { results };
}

/** WhatsApp senders of the account (https://docs.famulor.de/en/api-reference/whatsapp/senders), offline ones marked. */
export async function searchWhatsAppSenders(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/whatsapp/senders',
		qs: { status: 'all' },
	});
	const results = unwrapList(response)
		.filter((sender) => matches(filter, sender.display_name, sender.phone_number, sender.id))
		.map((sender) => {
			const offline =
				sender.status && sender.status !== 'online' ? `, ${String(sender.status)}` : '';
			return toItem(
				`${String(sender.display_name ?? sender.phone_number)} (${String(sender.phone_number)}${offline})`,
				sender.id,
			);
		});
	return { results };
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
