import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import type { OperationEffect, OperationResult } from '../types';
import { buildAssistantBodyV2 } from './body.v2';
import { fieldsCollection, REQUIRED_FIELDS, requiredProperties } from './fields.v2';

const properties: INodeProperties[] = [...requiredProperties(), fieldsCollection('create')];

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['create'] } },
	properties,
);

/** A repeated request would create a second assistant, so it is sent once. */
export const effect: OperationEffect = { kind: 'creates', noun: 'assistant', idFields: ['id'] };

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const values: IDataObject = {
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	for (const { property } of REQUIRED_FIELDS)
		values[property.name] = this.getNodeParameter(property.name, itemIndex) as IDataObject[string];
	return buildAssistantBodyV2.call(this, itemIndex, values, 'create', 'additionalFields');
}

/** https://docs.famulor.de/en/api-reference/assistants/create; the answer's `data` is the output. */
export async function execute(
	this: IExecuteFunctions,
	body: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, {
			method: 'POST',
			path: '/api/user/assistant',
			body,
			safeToRepeat: false,
			itemIndex,
		}),
	);
}
