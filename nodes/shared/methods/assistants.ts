import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../transport';
import { matches, searchPage, toItem } from './common';

/** Assistants: all of them by ID, by UUID for the chat API, and the outbound ones that can start a call. */

const assistantName = (assistant: IDataObject): string =>
	`${String(assistant.name)} (#${String(assistant.id)})`;

/** Assistants page by page (the list is paginated); the search filters each page by name or ID. */
export async function searchAssistants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const { records, paginationToken: next } = await searchPage(this, {
		path: '/api/user/assistants/get',
		paging: 'page',
		paginationToken,
	});
	const results = records
		.filter((assistant) => matches(filter, assistant.name, assistant.id))
		.map((assistant) => toItem(assistantName(assistant), assistant.id));
	return { results, paginationToken: next };
}

/** Assistants by UUID, the ID the chat API takes; page by page like the assistant picker. */
export async function searchAssistantUuids(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const { records, paginationToken: next } = await searchPage(this, {
		path: '/api/user/assistants/get',
		paging: 'page',
		paginationToken,
	});
	const results = records
		.filter(
			(assistant) =>
				typeof assistant.uuid === 'string' &&
				matches(filter, assistant.name, assistant.id, assistant.uuid),
		)
		.map((assistant) => toItem(assistantName(assistant), assistant.uuid));
	return { results, paginationToken: next };
}

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
		.map((assistant) => toItem(assistantName(assistant), assistant.id));
	return { results };
}
