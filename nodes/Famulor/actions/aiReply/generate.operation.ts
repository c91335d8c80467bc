import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkMaxLength, requireText } from '../../validation';
import { readLocatorId, readVariables, variablesProperty } from '../common';
import type { OperationEffect } from '../types';
import { variantHook, type Variant } from '../variant';

const properties: INodeProperties[] = [
	assistantLocator('assistantId', 'The assistant that writes the reply'),
	{
		displayName: 'Customer Identifier',
		name: 'customerIdentifier',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +4915112345678 or crm-contact-42',
		description:
			'Unique key of the customer (max 255 characters); the conversation context is kept per assistant and identifier, so always use the same format for the same customer',
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 3 },
		description: "The customer's message the assistant replies to",
	},
	variablesProperty(
		'Values merged into the variables of the conversation, usable in the assistant prompt',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['aiReply'], operation: ['generate'] } },
	properties,
);

/** Rate limited (5 per minute per token) and billed; a reply is never requested twice for one item. */
export const effect: OperationEffect = {
	kind: 'billed',
	noun: 'reply',
	idFields: ['conversation_id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
		label: 'Assistant',
		field: 'assistant_id',
	});
	const identifierName = { label: 'Customer Identifier', field: 'customer_identifier' };
	const customerIdentifier = checkMaxLength.call(
		this,
		itemIndex,
		identifierName,
		requireText.call(
			this,
			itemIndex,
			identifierName,
			this.getNodeParameter('customerIdentifier', itemIndex),
		),
		255,
	);
	const message = requireText.call(
		this,
		itemIndex,
		{ label: 'Message', field: 'message' },
		this.getNodeParameter('message', itemIndex),
	);
	const variables = readVariables.call(this, itemIndex);
	return {
		assistant_id: assistantId,
		customer_identifier: customerIdentifier,
		message,
		...(variables ? { variables } : {}),
	};
}

/** Version 1 keeps the seed specification's path (version 2 sends to the moved one). */
const VERSION_1: Pick<Variant, 'sendsTo'> = { sendsTo: '/api/ai/generate-reply' };

/** The operation sending to the version's path; billed, so never repeated on an unclear failure. */
export const variant = variantHook(VERSION_1, ({ sendsTo }) => ({
	description,
	effect,
	prepare,
	async execute(this: IExecuteFunctions, body: IDataObject, itemIndex: number) {
		return await famulorApiRequest.call(this, {
			method: 'POST',
			path: sendsTo,
			body,
			rateLimit: 'generateReply',
			safeToRepeat: false,
			itemIndex,
		});
	},
}));

export const { execute } = variant();
