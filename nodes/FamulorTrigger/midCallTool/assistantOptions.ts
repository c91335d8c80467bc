import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { MAX_PAGE_SIZE, pageNumberPages } from '../../shared/transport';

/**
 * The account's assistants for the Mid-Call Tool event's multi-select
 * (https://docs.famulor.de/en/api-reference/assistants/list).
 */
export async function getAssistants(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	for await (const page of pageNumberPages.call(this, {
		path: '/api/user/assistants/get',
		perPage: MAX_PAGE_SIZE,
	})) {
		for (const record of page)
			options.push({
				name: `${String(record.name)} (#${String(record.id)})`,
				value: Number(record.id),
			});
	}
	return options;
}
