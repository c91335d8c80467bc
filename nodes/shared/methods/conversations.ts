import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { matches, searchPage, toItem } from './common';

function conversationLabel(conversation: IDataObject): string {
	const customer = (conversation.customer ?? {}) as IDataObject;
	const who =
		customer.name ??
		customer.phone ??
		conversation.external_identifier ??
		conversation.assistant_name ??
		conversation.id;
	return `${String(who)} (${String(conversation.type)}, ${String(conversation.updated_at ?? conversation.created_at ?? '')})`;
}

/**
 * Conversations newest first, a page at a time; the search narrows each page by customer,
 * reference, assistant or UUID.
 */
export async function searchConversations(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const { records, paginationToken: next } = await searchPage(this, {
		path: '/api/user/conversations',
		paging: 'cursor',
		paginationToken,
	});
	const results = records
		.filter((conversation) => {
			const customer = (conversation.customer ?? {}) as IDataObject;
			return matches(
				filter,
				customer.name,
				customer.phone,
				conversation.external_identifier,
				conversation.assistant_name,
				conversation.type,
				conversation.id,
			);
		})
		.map((conversation) => toItem(conversationLabel(conversation), conversation.id));
	return { results, paginationToken: next };
}
