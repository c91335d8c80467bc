import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { matches, searchPage, toItem } from './common';

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
	const phone = (filter ?? '').replace(/[\s()-]/g, '');
	const byPhone = /^\+\d{3,15}$/.test(phone);
	const { records, paginationToken: next } = await searchPage(this, {
		path: '/api/user/calls',
		paging: 'page',
		paginationToken,
		qs: byPhone ? { phone_number: phone } : {},
	});
	const results = records
		.filter(
			(call) =>
				byPhone ||
				matches(filter, call.id, call.assistant_name, call.status, call.client_phone_number),
		)
		.map((call) => toItem(callName(call), call.id));
	return { results, paginationToken: next };
}
