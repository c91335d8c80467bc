import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';
import { readLocatorId } from '../common';
import { deleteAt } from '../records';
import type { OperationEffect } from '../types';

const properties: INodeProperties[] = [
	{
		displayName:
			'Deleting a knowledge base also deletes all its documents. Assistants using it keep working without it. This cannot be undone.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	knowledgeBaseLocator('knowledgeBaseId', 'The knowledge base to delete'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['knowledgeBase'], operation: ['delete'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'knowledge base deletion',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'knowledgeBaseId', {
		label: 'Knowledge Base',
		field: 'id',
	});
}

/** https://docs.famulor.de/en/api-reference/knowledgebases/delete */
export const execute = deleteAt('/api/user/knowledgebases');
