import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { checkMaxLength } from '../../validation';
import { checkName } from '../common';
import { createAt } from '../records';
import type { OperationEffect } from '../types';
import { MAX_TEXT_LENGTH } from './update.operation';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: `Name of the knowledge base, at most ${MAX_TEXT_LENGTH} characters`,
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		description: `What it contains, at most ${MAX_TEXT_LENGTH} characters; leave empty for none`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['knowledgeBase'], operation: ['create'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'creates',
	noun: 'knowledge base',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		name: checkName.call(
			this,
			itemIndex,
			this.getNodeParameter('name', itemIndex),
			MAX_TEXT_LENGTH,
		),
	};
	const text = String(this.getNodeParameter('description', itemIndex, '') ?? '');
	if (text !== '')
		body.description = checkMaxLength.call(
			this,
			itemIndex,
			{ label: 'Description', field: 'description' },
			text,
			MAX_TEXT_LENGTH,
		);
	return body;
}

/**
 * A new, empty knowledge base (https://docs.famulor.de/en/api-reference/knowledgebases/create);
 * add documents with Document → Create.
 */
export const execute = createAt('/api/user/knowledgebases');
