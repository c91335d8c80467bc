import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { conversationLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkMaxLength, requireText } from '../../validation';
import { readConversationUuid } from '../conversation/uuid';
import type { OperationEffect, OperationResult } from '../types';

export const MAX_CHAT_MESSAGE_LENGTH = 2000;

const properties: INodeProperties[] = [
	conversationLocator('The chat conversation (from Create Conversation) the message is sent to'),
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 3 },
		description: `The user's message, at most ${MAX_CHAT_MESSAGE_LENGTH} characters. Billed in widget conversations, free in test ones.`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['chat'], operation: ['sendMessage'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'billed',
	noun: 'chat message',
	idFields: ['conversation_id'],
};

export interface Plan {
	conversationId: string;
	message: string;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	const messageName = { label: 'Message', field: 'message' };
	return {
		conversationId: readConversationUuid.call(this, itemIndex),
		message: checkMaxLength.call(
			this,
			itemIndex,
			messageName,
			requireText.call(this, itemIndex, messageName, this.getNodeParameter('message', itemIndex)),
			MAX_CHAT_MESSAGE_LENGTH,
		),
	};
}

/**
 * Sends one user message and waits for the assistant (https://docs.famulor.de/en/api-reference/chat/send-message);
 * outputs `{conversation_id, status, message (the reply), function_calls}`. While the conversation's AI is
 * off the reply is empty.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'POST',
		path: `/api/conversations/${plan.conversationId}/messages`,
		body: { message: plan.message },
		safeToRepeat: false,
		itemIndex,
	});
	return { conversation_id: plan.conversationId, ...response };
}
