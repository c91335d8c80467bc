import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { recordOf } from '../records';
import type { OperationEffect, OperationModule, OperationResult } from '../types';
import { ASSISTANT_V1 } from './body';
import { buildAssistantBody, type AssistantVersion } from './bodyBuilder';
import { fieldsCollection, requiredProperties } from './sharedFields';

/**
 * Assistant → Create of a node version: its required fields as parameters, the rest in Additional
 * Fields, the body built by the version's rules
 * (https://docs.famulor.de/en/api-reference/assistants/create).
 */
export function createOperation(version: AssistantVersion): OperationModule<IDataObject> {
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
		execute,
	};
}

/** Creating is not idempotent: a repeated request would create a second assistant, so it is sent once. */
const effect: OperationEffect = { kind: 'creates', noun: 'assistant', idFields: ['id'] };

/** Not repeated on an unclear failure: a second assistant would be created. */
async function execute(
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

/** Version 1 sends the fields of the seed specification. */
export const { description, prepare } = createOperation(ASSISTANT_V1);
export { effect, execute };
