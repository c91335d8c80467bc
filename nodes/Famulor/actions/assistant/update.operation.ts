import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { assistantUpdatePath } from '../../../shared/assistantWebhooks';
import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import { answerAsSent } from '../records';
import { variantHook, type Variant } from '../variant';
import { ASSISTANT_V1 } from './version1';
import { buildAssistantBody, type AssistantVersion } from './bodyBuilder';
import { fieldsCollection } from './sharedFields';

/** Only the added fields are sent; the same body sent twice has the same effect, so PUT may be repeated. */
interface UpdatePlan {
	assistantId: number;
	body: IDataObject;
}

/** Version 1 reads the fields of the seed specification and outputs the answer as it comes. */
const VERSION_1: Pick<Variant<AssistantVersion, UpdatePlan>, 'reads' | 'outputs'> = {
	reads: ASSISTANT_V1,
	outputs: answerAsSent,
};

/**
 * Assistant → Update of a node version: the assistant, then Update Fields, the body built by the
 * version's rules (https://docs.famulor.de/en/api-reference/assistants/update), the answer output
 * by the version.
 */
export const variant = variantHook(VERSION_1, ({ reads, outputs }) => ({
	description: updateDisplayOptions({ show: { resource: ['assistant'], operation: ['update'] } }, [
		assistantLocator('assistantId', 'The assistant to change'),
		fieldsCollection(reads, 'update'),
	]),
	prepare(this: IExecuteFunctions, itemIndex: number): UpdatePlan {
		const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
			label: 'Assistant',
			field: 'id',
		});
		const values = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		return {
			assistantId,
			body: buildAssistantBody.call(this, reads, {
				itemIndex,
				values,
				mode: 'update',
				collection: 'updateFields',
			}),
		};
	},
	async execute(this: IExecuteFunctions, plan: UpdatePlan, itemIndex: number) {
		const answer = await famulorApiRequest.call(this, {
			method: 'PUT',
			path: assistantUpdatePath(plan.assistantId),
			body: plan.body,
			itemIndex,
		});
		return await outputs.call(this, answer, plan, itemIndex);
	},
}));

export const { description, prepare, execute } = variant();
