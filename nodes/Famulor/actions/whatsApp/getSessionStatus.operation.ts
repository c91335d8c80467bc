import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { whatsAppSenderLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { speaksCurrentApi } from '../apiGeneration';
import { readLocatorId, readPhoneParameter } from '../common';
import type { OperationResult } from '../types';
import { recipientPhoneProperty } from './common';

export const properties = (recipientPhone: INodeProperties): INodeProperties[] => [
	whatsAppSenderLocator(
		'The WhatsApp sender (business number) whose conversation with the customer is checked',
	),
	recipientPhone,
];

export const shown = { show: { resource: ['whatsApp'], operation: ['getSessionStatus'] } };

export const description = updateDisplayOptions(shown, properties(recipientPhoneProperty));

/** Read-only and free: reports whether the 24-hour window is open (`session_status.can_send_freeform`). */
export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const senderId = readLocatorId.call(this, itemIndex, 'senderId', {
		label: 'Sender',
		field: 'sender_id',
	});
	const recipientPhone = readPhoneParameter.call(this, itemIndex, 'recipientPhone', {
		label: 'Recipient Phone',
		field: 'recipient_phone',
	});
	return { sender_id: senderId, recipient_phone: recipientPhone };
}

/**
 * https://docs.famulor.de/en/api-reference/whatsapp/session-status answers without the numbers it was
 * asked about; version 2 puts them in front, so the next node (a send) can take them from this item.
 * Version 1 outputs the answer as it always did.
 */
export async function execute(
	this: IExecuteFunctions,
	qs: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/whatsapp/session-status',
		qs,
		itemIndex,
	});
	if (!speaksCurrentApi.call(this)) return response;
	return { sender_id: qs.sender_id, recipient_phone: qs.recipient_phone, ...response };
}
