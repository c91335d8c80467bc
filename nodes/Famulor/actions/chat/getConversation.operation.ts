import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { conversationLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readConversationUuid } from '../conversation/uuid';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [
	conversationLocator('The conversation to read (any type: chat, WhatsApp, API)'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['chat'], operation: ['getConversation'] } },
	properties,
);

export interface Plan {
	conversationId: string;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	return { conversationId: readConversationUuid.call(this, itemIndex) };
}

/**
 * Outputs `{conversation_id, status, history (oldest first), variables}`, plus the customer and sender of a
 * WhatsApp conversation or the external_identifier of an API one (https://docs.famulor.de/en/api-reference/chat/get).
 */
export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: `/api/conversations/${plan.conversationId}`,
		itemIndex,
	});
	return { conversation_id: plan.conversationId, ...response };
}
