import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { MAX_PAGE_SIZE, famulorApiRequest, unwrapList } from '../transport';
import { matches, toItem } from './listSearch';

/**
 * Assistants that can start a call: the outbound list (https://docs.famulor.de/en/api-reference/assistants/outbound),
 * which comes whole, as a bare array or under `data`.
 */
export async function searchOutboundAssistants(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/assistants/outbound',
	});
	const results = unwrapList(response)
		.filter((assistant) => matches(filter, assistant.name, assistant.id))
		.map((assistant) =>
			toItem(`${String(assistant.name)} (#${String(assistant.id)})`, assistant.id),
		);
	return { results };
}

function callName(call: IDataObject): string {
	const parts = [
		`#${String(call.id)}`,
		call.assistant_name,
		call.client_phone_number ?? call.type,
		call.status,
		call.created_at,
	];
	return parts
		.filter((part) => part !== undefined && part !== null && part !== '')
		.map(String)
		.join(' · ');
}

/**
 * Calls page by page, newest first (https://docs.famulor.de/en/api-reference/calls/list). A filter that
 * starts with + and digits is sent as `phone_number` (part of the client's number); other text narrows
 * each page by ID, assistant, status or number.
 */
export async function searchCalls(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const page =
		typeof paginationToken === 'string' || typeof paginationToken === 'number'
			? Number(paginationToken)
			: 1;
	const phone = (filter ?? '').replace(/[\s()-]/g, '');
	const byPhone = /^\+\d{3,15}$/.test(phone);
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/calls',
		qs: { per_page: MAX_PAGE_SIZE, page, ...(byPhone ? { phone_number: phone } : {}) },
	});
	const results = unwrapList(response)
		.filter(
			(call) =>
				byPhone ||
				matches(filter, call.id, call.assistant_name, call.status, call.client_phone_number),
		)
		.map((call) => toItem(callName(call), call.id));
	const lastPage = Number((response as IDataObject).last_page ?? page);
	return { results, paginationToken: page < lastPage ? String(page + 1) : undefined };
}
