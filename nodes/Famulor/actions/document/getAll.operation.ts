import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';
import { documentPath, knowledgeBaseProperty, readKnowledgeBaseId } from './common';

const properties: INodeProperties[] = [knowledgeBaseProperty, ...returnAllProperties('documents')];

export const description = updateDisplayOptions({ show: { resource: ['document'], operation: ['getAll'] } }, properties);

/** The service sends every document at once; one item per document. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const knowledgeBaseId = readKnowledgeBaseId.call(this, itemIndex);
	const limit = readListLimit.call(this, itemIndex);
	const response = await famulorApiRequest.call(this, { method: 'GET', path: documentPath(knowledgeBaseId), itemIndex });
	return unwrapList(response).slice(0, limit);
}
