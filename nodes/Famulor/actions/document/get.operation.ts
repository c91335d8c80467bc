import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { checkId } from '../../validation';
import type { OperationResult } from '../types';
import { documentPath, knowledgeBaseProperty, readKnowledgeBaseId } from './common';

const properties: INodeProperties[] = [
	knowledgeBaseProperty,
	{
		displayName: 'Document ID',
		name: 'documentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 501',
		description: 'ID of the document, as returned by Create or Get Many',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['get'] } },
	properties,
);

/** One document, e.g. to see whether processing finished (status `active` or `failed`). */
export function prepare(this: IExecuteFunctions, itemIndex: number): string {
	const knowledgeBaseId = readKnowledgeBaseId.call(this, itemIndex);
	const documentId = checkId.call(
		this,
		itemIndex,
		{ label: 'Document ID', field: 'documentId' },
		this.getNodeParameter('documentId', itemIndex),
	);
	return documentPath(knowledgeBaseId, documentId);
}

export async function execute(
	this: IExecuteFunctions,
	path: string,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, { method: 'GET', path, itemIndex });
	return unwrapRecord(response);
}
