import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import { recordOf } from '../records';
import type { OperationModule, OperationResult } from '../types';
import { ASSISTANT_V1 } from './body';
import { buildAssistantBody, type AssistantVersion } from './bodyBuilder';
import { fieldsCollection } from './sharedFields';

/** Only the added fields are sent; the same body sent twice has the same effect, so PUT may be repeated. */
interface UpdatePlan {
	assistantId: number;
	body: IDataObject;
}

/**
 * Assistant → Update of a node version: the assistant, then Update Fields, the body built by the
 * version's rules (https://docs.famulor.de/en/api-reference/assistants/update).
 */
export function updateOperation(version: AssistantVersion): OperationModule<UpdatePlan> {
	const properties: INodeProperties[] = [
		assistantLocator('assistantId', 'The assistant to change'),
		fieldsCollection(version, 'update'),
	];
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['assistant'], operation: ['update'] } },
			properties,
		),
		prepare(this: IExecuteFunctions, itemIndex: number): UpdatePlan {
			const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
				label: 'Assistant',
				field: 'id',
			});
			const values = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
			return {
				assistantId,
				body: buildAssistantBody.call(this, version, {
					itemIndex,
					values,
					mode: 'update',
					collection: 'updateFields',
				}),
			};
		},
		execute,
	};
}

async function execute(
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

/** Version 1 sends the fields of the seed specification. */
export const { description, prepare } = updateOperation(ASSISTANT_V1);
export { execute };
