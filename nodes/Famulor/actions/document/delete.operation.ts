import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { documentLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { deletedOutput } from '../records';
import type { OperationEffect, OperationResult } from '../types';
import { documentPath, knowledgeBaseProperty, readDocumentId, readKnowledgeBaseId } from './common';

const properties: INodeProperties[] = [
	knowledgeBaseProperty,
	documentLocator('The document to delete; its content and embeddings are removed for good'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['delete'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'document deletion',
	idFields: ['id'],
};

interface DeletePlan {
	knowledgeBaseId: number;
	documentId: number;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): DeletePlan {
	return {
		knowledgeBaseId: readKnowledgeBaseId.call(this, itemIndex),
		documentId: readDocumentId.call(this, itemIndex),
	};
}

/**
 * https://docs.famulor.de/en/api-reference/knowledgebases/delete-document; the knowledge base's
 * status is recomputed.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: DeletePlan,
	itemIndex: number,
): Promise<OperationResult> {
	const answer = await famulorApiRequest.call(this, {
		method: 'DELETE',
		path: documentPath(plan.knowledgeBaseId, plan.documentId),
		safeToRepeat: false,
		itemIndex,
	});
	return deletedOutput({ id: plan.documentId, knowledgebase_id: plan.knowledgeBaseId }, answer);
}
