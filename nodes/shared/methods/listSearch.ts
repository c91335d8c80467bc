import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { MAX_PAGE_SIZE, famulorApiRequest, unwrapList } from '../transport';

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((text) => String(text ?? '').toLowerCase().includes(needle));
}

function toItem(name: string, id: unknown): INodeListSearchItems {
	return { name, value: String(id) };
}

/** Assistants page by page (the list is paginated); the search filters each page by name or ID. */
export async function searchAssistants(this: ILoadOptionsFunctions, filter?: string, paginationToken?: unknown): Promise<INodeListSearchResult> {
	const page = typeof paginationToken === 'string' || typeof paginationToken === 'number' ? Number(paginationToken) : 1;
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/assistants/get',
		qs: { per_page: MAX_PAGE_SIZE, page },
	});
	const results = unwrapList(response)
		.filter((assistant) => matches(filter, assistant.name, assistant.id))
		.map((assistant) => toItem(`${String(assistant.name)} (#${String(assistant.id)})`, assistant.id));
	const lastPage = Number((response as IDataObject).last_page ?? page);
	return { results, paginationToken: page < lastPage ? String(page + 1) : undefined };
}

export async function searchPhoneNumbers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/phone-numbers/all' });
	const results = unwrapList(response)
		.filter((number) => matches(filter, number.phone_number, number.nickname, number.id))
		.map((number) => toItem(`${String(number.phone_number)}${number.nickname ? ` (${String(number.nickname)})` : ''}`, number.id));
	return { results };
}

/** Knowledge bases come from the list endpoint of the service's docs (API-FACTS §8); SPEC.md has only get/update. */
export async function searchKnowledgeBases(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/knowledgebases' });
	const results = unwrapList(response)
		.filter((base) => matches(filter, base.name, base.id))
		.map((base) => toItem(`${String(base.name)} (#${String(base.id)})`, base.id));
	return { results };
}
