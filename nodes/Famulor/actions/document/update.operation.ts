import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { documentLocator } from '../../../shared/descriptions';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { readNameAndDescription } from '../common';
import type { OperationResult } from '../types';
import {
	MAX_TEXT_LENGTH,
	descriptionOption,
	documentPath,
	knowledgeBaseProperty,
	readDocumentId,
	readKnowledgeBaseId,
} from './common';

const properties: INodeProperties[] = [
	knowledgeBaseProperty,
	documentLocator('The document to change'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			descriptionOption,
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
	{ show: { resource: ['document'], operation: ['update'] } },
	properties,
);

interface UpdatePlan {
	path: string;
	body: IDataObject;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): UpdatePlan {
	const path = documentPath(
		readKnowledgeBaseId.call(this, itemIndex),
		readDocumentId.call(this, itemIndex),
	);
	const body = readNameAndDescription.call(this, itemIndex, MAX_TEXT_LENGTH);
	return { path, body };
}

/**
 * Name and description only (https://docs.famulor.de/en/api-reference/knowledgebases/update-document):
 * the content cannot change; to replace it, delete the document and create it again.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: UpdatePlan,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: plan.path,
			body: plan.body,
			itemIndex,
		}),
	);
}
