import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { midCallToolLocator } from '../../../shared/pickerLocators';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { requireFieldToChange } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';
import {
	buildToolBody,
	descriptionProperty,
	endpointProperty,
	methodProperty,
	nameProperty,
	optionalProperties,
} from './fields';

const properties: INodeProperties[] = [
	midCallToolLocator('toolId', 'The mid-call tool to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only the fields added here are changed; Headers and Parameters replace the stored lists',
		options: [
			nameProperty,
			descriptionProperty,
			endpointProperty,
			methodProperty,
			...optionalProperties,
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['midCallTool'], operation: ['update'] } },
	properties,
);

interface Plan {
	id: number;
	body: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	const id = readLocatorId.call(this, itemIndex, 'toolId', { label: 'Mid-Call Tool', field: 'id' });
	const body = buildToolBody.call(
		this,
		itemIndex,
		this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
	);
	requireFieldToChange.call(this, itemIndex, body);
	return { id, body };
}

/** The same body sent twice has the same effect, so the PUT may be repeated. */
export async function execute(
	this: IExecuteFunctions,
	{ id, body }: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: `/api/user/tools/${id}`,
			body,
			itemIndex,
		}),
	);
}
