import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { createAt } from '../records';
import type { OperationEffect } from '../types';
import {
	buildToolBody,
	descriptionProperty,
	endpointProperty,
	methodProperty,
	nameProperty,
	optionalProperties,
} from './fields';

const REQUIRED = [nameProperty, descriptionProperty, endpointProperty, methodProperty];

const properties: INodeProperties[] = [
	...REQUIRED.map((property) => ({ ...property, required: true })),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: optionalProperties,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['midCallTool'], operation: ['create'] } },
	properties,
);

/** Plans limit the number of tools, and a repeated request would create a second one. */
export const effect: OperationEffect = { kind: 'creates', noun: 'mid-call tool', idFields: ['id'] };

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const values: IDataObject = {
		...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	};
	for (const { name } of REQUIRED)
		values[name] = this.getNodeParameter(name, itemIndex) as IDataObject[string];
	return buildToolBody.call(this, itemIndex, values);
}

export const execute = createAt('/api/user/tools');
