import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkId } from '../../validation';
import { locatorValue } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [knowledgeBaseLocator('knowledgeBaseId', 'The knowledge base to read')];

export const description = updateDisplayOptions({ show: { resource: ['knowledgeBase'], operation: ['get'] } }, properties);

/** The record itself, whether the service wraps it in `data` or not. */
export function unwrapRecord(response: IDataObject): IDataObject {
	const data = response.data;
	return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as IDataObject) : response;
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const id = checkId.call(this, itemIndex, { label: 'Knowledge Base', field: 'id' }, locatorValue.call(this, 'knowledgeBaseId', itemIndex));
	const response = await famulorApiRequest.call(this, { method: 'GET', path: `/api/user/knowledgebases/${id}`, itemIndex });
	return unwrapRecord(response);
}
