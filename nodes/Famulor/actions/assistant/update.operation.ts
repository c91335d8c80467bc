import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantUpdatePath } from '../../../shared/assistantWebhooks';
import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import { answerAsSent, type AnswerOutput } from '../records';
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
 * version's rules (https://docs.famulor.de/en/api-reference/assistants/update), the answer output
 * by `output`.
 */
export function updateOperation(
	version: AssistantVersion,
	output: AnswerOutput,
): OperationModule<UpdatePlan> {
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
		execute: sendUpdate(output),
	};
}

function sendUpdate(output: AnswerOutput) {
	return async function execute(
		this: IExecuteFunctions,
		{ assistantId, body }: UpdatePlan,
		itemIndex: number,
	): Promise<OperationResult> {
		return output(
			await famulorApiRequest.call(this, {
				method: 'PUT',
				path: assistantUpdatePath(assistantId),
				body,
				itemIndex,
			}),
		);
	};
}

/** Version 1 sends the fields of the seed specification and outputs the answer as it comes. */
export const { description, prepare, execute } = updateOperation(ASSISTANT_V1, answerAsSent);
