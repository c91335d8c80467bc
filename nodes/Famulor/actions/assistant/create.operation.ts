import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { recordOf } from '../common';
import type { OperationEffect, OperationResult } from '../types';
import { buildAssistantBody } from './body';
import { fieldsCollection, REQUIRED_FIELDS, requiredProperties } from './fields';

const properties: INodeProperties[] = [...requiredProperties(), fieldsCollection('create')];

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['create'] } },
	properties,
);

/** Creating is not idempotent: a repeated request would create a second assistant, so it is sent once. */
export const effect: OperationEffect = { kind: 'creates', noun: 'assistant', idFields: ['id'] };

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const values: IDataObject = {
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	for (const { property } of REQUIRED_FIELDS) {
		values[property.name] = this.getNodeParameter(property.name, itemIndex) as IDataObject[string];
	}
	return buildAssistantBody.call(this, itemIndex, values, 'create', 'additionalFields');
}

/** Not repeated on an unclear failure: a second assistant would be created. */
export async function execute(
	this: IExecuteFunctions,
	body: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	return recordOf.call(
		this,
		await famulorApiRequest.call(this, {
			method: 'POST',
			path: '/api/user/assistant',
			body,
			safeToRepeat: false,
			itemIndex,
		}),
	);
}
