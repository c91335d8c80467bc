import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { whatsAppSenderLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkE164 } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';
import { recipientPhoneProperty } from './common';

const properties: INodeProperties[] = [
	whatsAppSenderLocator(
		'The WhatsApp sender (business number) whose conversation with the customer is checked',
	),
	recipientPhoneProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['whatsApp'], operation: ['getSessionStatus'] } },
	properties,
);

/** Read-only and free: reports whether the 24-hour window is open (`session_status.can_send_freeform`). */
export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const senderId = readLocatorId.call(this, itemIndex, 'senderId', {
		label: 'Sender',
		field: 'sender_id',
	});
	const recipientPhone = checkE164.call(
		this,
		itemIndex,
		{ label: 'Recipient Phone', field: 'recipient_phone' },
		this.getNodeParameter('recipientPhone', itemIndex),
	);
	return { sender_id: senderId, recipient_phone: recipientPhone };
}

export async function execute(
	this: IExecuteFunctions,
	qs: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	return await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/whatsapp/session-status',
		qs,
		itemIndex,
	});
}
