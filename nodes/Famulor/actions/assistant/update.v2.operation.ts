import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';
import { buildAssistantBodyV2 } from './body.v2';
import { fieldsCollection } from './fields.v2';

const properties: INodeProperties[] = [
	assistantLocator('assistantId', 'The assistant to change'),
	fieldsCollection('update'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['update'] } },
	properties,
);

interface Plan {
	id: number;
	body: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	const id = readLocatorId.call(this, itemIndex, 'assistantId', {
		label: 'Assistant',
		field: 'id',
	});
	const values = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	return { id, body: buildAssistantBodyV2.call(this, itemIndex, values, 'update', 'updateFields') };
}

/** https://docs.famulor.de/en/api-reference/assistants/update: the same body twice has the same effect, so the PUT may be repeated. */
export async function execute(
	this: IExecuteFunctions,
	{ id, body }: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: `/api/user/assistant/${id}`,
			body,
			itemIndex,
		}),
	);
}
