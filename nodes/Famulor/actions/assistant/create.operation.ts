import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import type { OperationResult } from '../types';
import { buildAssistantBody } from './body';
import { fieldsCollection, REQUIRED_FIELDS, requiredProperties } from './fields';

const properties: INodeProperties[] = [...requiredProperties(), fieldsCollection('create')];

export const description = updateDisplayOptions({ show: { resource: ['assistant'], operation: ['create'] } }, properties);

/** Creating is not idempotent: a repeated request would create a second assistant, so it is sent once. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const values: IDataObject = { ...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject) };
	for (const { property } of REQUIRED_FIELDS) {
		values[property.name] = this.getNodeParameter(property.name, itemIndex) as IDataObject[string];
	}
	const body = buildAssistantBody.call(this, itemIndex, values, 'create', 'additionalFields');
	return await famulorApiRequest.call(this, { method: 'POST', path: '/api/user/assistant', body, safeToRepeat: false, itemIndex });
}
