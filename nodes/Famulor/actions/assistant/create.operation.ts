import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { answerAsSent, type AnswerOutput } from '../records';
import type { OperationEffect, OperationModule, OperationResult } from '../types';
import { ASSISTANT_V1 } from './body';
import { buildAssistantBody, type AssistantVersion } from './bodyBuilder';
import { fieldsCollection, requiredProperties } from './sharedFields';

/**
 * Assistant → Create of a node version: its required fields as parameters, the rest in Additional
 * Fields, the body built by the version's rules
 * (https://docs.famulor.de/en/api-reference/assistants/create), the answer output by `output`.
 */
export function createOperation(
	version: AssistantVersion,
	output: AnswerOutput,
): OperationModule<IDataObject> {
	const properties: INodeProperties[] = [
		...requiredProperties(version),
		fieldsCollection(version, 'create'),
	];
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['assistant'], operation: ['create'] } },
			properties,
		),
		effect,
		prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
			const values: IDataObject = {
				...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
			};
			for (const { property } of version.required)
				values[property.name] = this.getNodeParameter(
					property.name,
					itemIndex,
				) as IDataObject[string];
			return buildAssistantBody.call(this, version, {
				itemIndex,
				values,
				mode: 'create',
				collection: 'additionalFields',
			});
		},
		execute: sendCreate(output),
	};
}

/** Creating is not idempotent: a repeated request would create a second assistant, so it is sent once. */
const effect: OperationEffect = { kind: 'creates', noun: 'assistant', idFields: ['id'] };

/**
 * The send of a version, its answer output by `output`. Not repeated on an unclear failure: a second
 * assistant would be created.
 */
function sendCreate(output: AnswerOutput) {
	return async function execute(
		this: IExecuteFunctions,
		body: IDataObject,
		itemIndex: number,
	): Promise<OperationResult> {
		return output(
			await famulorApiRequest.call(this, {
				method: 'POST',
				path: '/api/user/assistant',
				body,
				safeToRepeat: false,
				itemIndex,
			}),
		);
	};
}

/** Version 1 sends the fields of the seed specification and outputs the answer as it comes. */
export const { description, prepare, execute } = createOperation(ASSISTANT_V1, answerAsSent);
export { effect };
