import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { famulorApiRequest } from '../../../shared/transport';
import { answerAsSent } from '../records';
import type { OperationEffect } from '../types';
import { variantHook, type Variant } from '../variant';
import { ASSISTANT_V1 } from './version1';
import { buildAssistantBody, type AssistantVersion } from './bodyBuilder';
import { fieldsCollection, requiredProperties } from './sharedFields';

/** Creating is not idempotent: a repeated request would create a second assistant, so it is sent once. */
export const effect: OperationEffect = { kind: 'creates', noun: 'assistant', idFields: ['id'] };

/** Version 1 reads the fields of the seed specification and outputs the answer as it comes. */
const VERSION_1: Pick<Variant<AssistantVersion>, 'reads' | 'outputs'> = {
	reads: ASSISTANT_V1,
	outputs: answerAsSent,
};

/**
 * Assistant → Create of a node version: its required fields as parameters, the rest in Additional
 * Fields, the body built by the version's rules
 * (https://docs.famulor.de/en/api-reference/assistants/create), the answer output by the version.
 * Not repeated on an unclear failure: a second assistant would be created.
 */
export const variant = variantHook(VERSION_1, ({ reads, outputs }) => ({
	description: updateDisplayOptions({ show: { resource: ['assistant'], operation: ['create'] } }, [
		...requiredProperties(reads),
		fieldsCollection(reads, 'create'),
	]),
	effect,
	prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
		const values: IDataObject = {
			...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
		};
		for (const { property } of reads.required)
			values[property.name] = this.getNodeParameter(
				property.name,
				itemIndex,
			) as IDataObject[string];
		return buildAssistantBody.call(this, reads, {
			itemIndex,
			values,
			mode: 'create',
			collection: 'additionalFields',
		});
	},
	async execute(this: IExecuteFunctions, body: IDataObject, itemIndex: number) {
		const answer = await famulorApiRequest.call(this, {
			method: 'POST',
			path: '/api/user/assistant',
			body,
			safeToRepeat: false,
			itemIndex,
		});
		return await outputs.call(this, answer, body, itemIndex);
	},
}));

export const { description, prepare, execute } = variant();
