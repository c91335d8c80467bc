import type { IExecuteFunctions } from 'n8n-workflow';

import { checkUuid } from '../../validation';
import { locatorValue } from '../common';

/**
 * The checked UUID of the `conversationId` locator; the integer `conversation_id` of a WhatsApp
 * send is refused with the way to the UUID.
 */
export function readConversationUuid(this: IExecuteFunctions, itemIndex: number): string {
	return checkUuid.call(
		this,
		itemIndex,
		{ label: 'Conversation', field: 'uuid' },
		locatorValue.call(this, 'conversationId', itemIndex),
		"the WhatsApp send operations answer with a numeric conversation_id; find the conversation's UUID (its id) with Conversation → Get Many filtered by the customer's phone",
	);
}
