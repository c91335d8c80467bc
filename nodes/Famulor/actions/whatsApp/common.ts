import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { PHONE_NUMBER_HINT } from '../../validation';
import { readLocatorId, type PhoneParameterReader } from '../common';

/** Version 1 sends the number exactly as given, so it must be E.164 already. */
export const recipientPhoneProperty: INodeProperties = {
	displayName: 'Recipient Phone',
	name: 'recipientPhone',
	type: 'string',
	required: true,
	default: '',
	placeholder: '+4917612345678',
	description: 'WhatsApp number of the customer, in E.164 format (plus sign, country code, number)',
};

/** Version 2 takes the number as people write it (checkPhoneNumber). */
export const recipientPhonePropertyV2: INodeProperties = {
	...recipientPhoneProperty,
	description: `WhatsApp number of the customer, ${PHONE_NUMBER_HINT}`,
};

/** The sender and the recipient of a WhatsApp request, the recipient read by the version's rule. */
export function readSenderAndRecipient(
	this: IExecuteFunctions,
	itemIndex: number,
	readPhone: PhoneParameterReader,
): IDataObject {
	const senderId = readLocatorId.call(this, itemIndex, 'senderId', {
		label: 'Sender',
		field: 'sender_id',
	});
	const recipientPhone = readPhone.call(this, itemIndex, 'recipientPhone', {
		label: 'Recipient Phone',
		field: 'recipient_phone',
	});
	return { sender_id: senderId, recipient_phone: recipientPhone };
}
