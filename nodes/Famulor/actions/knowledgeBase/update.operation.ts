import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId, readNameAndDescription } from '../common';
import { answerAsSent } from '../records';
import { variantHook, type Variant } from '../variant';

export const MAX_TEXT_LENGTH = 255;

const properties: INodeProperties[] = [
	knowledgeBaseLocator('knowledgeBaseId', 'The knowledge base to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: `New description, at most ${MAX_TEXT_LENGTH} characters`,
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: `New name, at most ${MAX_TEXT_LENGTH} characters`,
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['knowledgeBase'], operation: ['update'] } },
	properties,
);

/** Renames or redescribes; only the fields given are sent. Documents and processing are unaffected. */
interface UpdatePlan {
	id: number;
	body: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): UpdatePlan {
	const id = readLocatorId.call(this, itemIndex, 'knowledgeBaseId', {
		label: 'Knowledge Base',
		field: 'id',
	});
	const body = readNameAndDescription.call(this, itemIndex, MAX_TEXT_LENGTH);
	return { id, body };
}

/** Version 1 outputs the answer as it comes. */
const VERSION_1: Pick<Variant<never, UpdatePlan>, 'outputs'> = { outputs: answerAsSent };

/** The operation with the version's output of the answer; a PUT, so it may be repeated. */
export const variant = variantHook(VERSION_1, ({ outputs }) => ({
	description,
	prepare,
	async execute(this: IExecuteFunctions, plan: UpdatePlan, itemIndex: number) {
		const answer = await famulorApiRequest.call(this, {
			method: 'PUT',
			path: `/api/user/knowledgebases/${plan.id}`,
			body: plan.body,
			itemIndex,
		});
		return await outputs.call(this, answer, plan, itemIndex);
	},
}));

export const { execute } = variant();
