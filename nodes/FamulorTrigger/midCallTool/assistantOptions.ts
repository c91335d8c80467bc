import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import {
	famulorApiRequest,
	MAX_PAGE_SIZE,
	pageNumberPages,
	unwrapList,
} from '../../shared/transport';

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

/**
 * The account's mid-call tools for Other Tools to Keep, by name (keepTools.ts)
 * (https://docs.famulor.de/en/api-reference/mid-call-tools/list-tools).
 */
export async function getMidCallTools(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const tools = unwrapList(
		await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/tools' }),
	);
	const names = [...new Set(tools.map((tool) => String(tool.name ?? '')).filter(Boolean))];
	return names.sort().map((name) => {
		const same = tools.filter((tool) => tool.name === name);
		return {
			name,
			value: name,
			description: same.map((tool) => `#${String(tool.id)} → ${String(tool.endpoint)}`).join(', '),
		};
	});
}
