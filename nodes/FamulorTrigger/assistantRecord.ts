import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { MAX_PAGE_SIZE, pageNumberPages } from '../shared/transport';
import { lifecycleError } from './lifecycleErrors';

/**
 * The assistant's full record; the list is the only endpoint that returns webhook state
 * (https://docs.famulor.de/en/api-reference/assistants/list).
 */
export async function findAssistant(
	this: IHookFunctions,
	assistantId: number,
	step: 'publish' | 'unpublish',
): Promise<IDataObject | undefined> {
	try {
		for await (const page of pageNumberPages.call(this, {
			path: '/api/user/assistants/get',
			perPage: MAX_PAGE_SIZE,
		})) {
			const found = page.find((record) => Number(record.id) === assistantId);
			if (found) return found;
		}
		return undefined;
	} catch (error) {
		throw lifecycleError(this.getNode(), error, `Looking up assistant #${assistantId}`, step);
	}
}

export function assistantLabel(assistant: IDataObject, assistantId: number): string {
	return typeof assistant.name === 'string'
		? `"${assistant.name}" (#${assistantId})`
		: `#${assistantId}`;
}
