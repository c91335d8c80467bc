import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { deletedOutput, readLocatorId } from '../common';
import type { OperationEffect, OperationResult } from '../types';

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['delete'] } },
	[assistantLocator('assistantId', 'The assistant to delete permanently')],
);

/** https://docs.famulor.de/en/api-reference/assistants/delete: permanent, so never sent twice. */
export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'assistant',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'assistantId', { label: 'Assistant', field: 'id' });
}

export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	const answer = await famulorApiRequest.call(this, {
		method: 'DELETE',
		path: `/api/user/assistant/${id}`,
		safeToRepeat: false,
		itemIndex,
	});
	return deletedOutput({ id }, answer);
}
