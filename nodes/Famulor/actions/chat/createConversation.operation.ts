import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { assistantUuidLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkOneOf, checkUuid } from '../../validation';
import { locatorValue, readVariables, variablesProperty } from '../common';
import type { OperationEffect, OperationResult } from '../types';

const CHAT_TYPES = ['widget', 'test'] as const;

const properties: INodeProperties[] = [
	assistantUuidLocator('The assistant that chats'),
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'widget',
		options: [
			{ name: 'Widget', value: 'widget', description: 'A real chat: each user message is billed' },
			{ name: 'Test', value: 'test', description: 'Free, for development' },
		],
	},
	variablesProperty('Values given to the assistant, usable in its prompt as {{variable_name}}'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['chat'], operation: ['createConversation'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'creates',
	noun: 'chat conversation',
	idFields: ['conversation_id'],
};

export interface Plan {
	assistantId: string;
	type: (typeof CHAT_TYPES)[number];
	variables?: Record<string, unknown>;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	const variables = readVariables.call(this, itemIndex);
	return {
		assistantId: checkUuid.call(
			this,
			itemIndex,
			{ label: 'Assistant', field: 'assistant_id' },
			locatorValue.call(this, 'assistantUuid', itemIndex),
			"the chat API takes the assistant's UUID (its uuid field), not its numeric ID; pick the assistant from the list",
		),
		type: checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Type', field: 'type' },
			this.getNodeParameter('type', itemIndex, 'widget'),
			CHAT_TYPES,
		) as Plan['type'],
		...(variables ? { variables } : {}),
	};
}

/**
 * Starts a chat (https://docs.famulor.de/en/api-reference/chat/create); outputs `{status, conversation_id,
 * history}` with the assistant's first message, if it has one. Not repeated: a second try would open a second chat.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/conversations',
		body: {
			assistant_id: plan.assistantId,
			type: plan.type,
			...(plan.variables ? { variables: plan.variables } : {}),
		},
		safeToRepeat: false,
		itemIndex,
	});
}
