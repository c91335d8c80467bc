import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { readLocatorId } from '../common';
import { deleteAt } from '../records';
import type { OperationEffect } from '../types';

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

export const execute = deleteAt('/api/user/assistant');
