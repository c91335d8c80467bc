import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId, readNameAndDescription } from '../common';
import { answerAsSent, type AnswerOutput } from '../records';
import type { OperationResult } from '../types';

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

/** The request of a version, its answer output by `output`; a PUT, so it may be repeated. */
export function executeWith(output: AnswerOutput) {
	return async function execute(
		this: IExecuteFunctions,
		{ id, body }: UpdatePlan,
		itemIndex: number,
	): Promise<OperationResult> {
		return output(
			await famulorApiRequest.call(this, {
				method: 'PUT',
				path: `/api/user/knowledgebases/${id}`,
				body,
				itemIndex,
			}),
		);
	};
}

/** Version 1 outputs the answer as it comes. */
export const execute = executeWith(answerAsSent);
