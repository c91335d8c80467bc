import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId, recordOf } from '../common';
import type { OperationResult } from '../types';
import { buildAssistantBody } from './body';
import { fieldsCollection } from './fields';

const properties: INodeProperties[] = [
	assistantLocator('assistantId', 'The assistant to change'),
	fieldsCollection('update'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['update'] } },
	properties,
);

/** Only the added fields are sent; the same body sent twice has the same effect, so PUT may be repeated. */
interface UpdatePlan {
	assistantId: number;
	body: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): UpdatePlan {
	const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
		label: 'Assistant',
		field: 'id',
	});
	const values = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	return {
		assistantId,
		body: buildAssistantBody.call(this, itemIndex, values, 'update', 'updateFields'),
	};
}

export async function execute(
	this: IExecuteFunctions,
	{ assistantId, body }: UpdatePlan,
	itemIndex: number,
): Promise<OperationResult> {
	return recordOf.call(
		this,
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: `/api/user/assistant/${assistantId}`,
			body,
			itemIndex,
		}),
	);
}
