import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, type PhoneRule } from '../common';

/** The customer's number, its help by the version's rule (E.164 in version 1, as written in 2). */
export function recipientPhoneProperty(phone: PhoneRule): INodeProperties {
	return {
		displayName: 'Recipient Phone',
		name: 'recipientPhone',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+4917612345678',
		description: `WhatsApp number of the customer, ${phone.hint}`,
	};
}

/** The sender and the recipient of a WhatsApp request, the recipient read by the version's rule. */
export function readSenderAndRecipient(
	this: IExecuteFunctions,
	itemIndex: number,
	phone: PhoneRule,
): IDataObject {
	const senderId = readLocatorId.call(this, itemIndex, 'senderId', {
		label: 'Sender',
		field: 'sender_id',
	});
	const recipientPhone = phone.read.call(this, itemIndex, 'recipientPhone', {
		label: 'Recipient Phone',
		field: 'recipient_phone',
	});
	return { sender_id: senderId, recipient_phone: recipientPhone };
}
