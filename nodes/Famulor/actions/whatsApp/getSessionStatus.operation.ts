import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { whatsAppSenderLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readE164Parameter, type PhoneParameterReader } from '../common';
import { readSenderAndRecipient, recipientPhoneProperty } from './common';

export const properties = (recipientPhone: INodeProperties): INodeProperties[] => [
	whatsAppSenderLocator(
		'The WhatsApp sender (business number) whose conversation with the customer is checked',
	),
	recipientPhone,
];

export const shown = { show: { resource: ['whatsApp'], operation: ['getSessionStatus'] } };

export const description = updateDisplayOptions(shown, properties(recipientPhoneProperty));

/**
 * Read-only and free: reports whether the 24-hour window is open
 * (`session_status.can_send_freeform`). The query of a version: the sender and the recipient read by
 * `readPhone`.
 */
export function planWith(readPhone: PhoneParameterReader) {
	return function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
		return readSenderAndRecipient.call(this, itemIndex, readPhone);
	};
}

/** Version 1 sends the recipient as given, in E.164. */
export const prepare = planWith(readE164Parameter);

/**
 * Version 1 outputs the answer as it comes: https://docs.famulor.de/en/api-reference/whatsapp/session-status
 * answers without the numbers it was asked about (version 2 adds them).
 */
export async function execute(
	this: IExecuteFunctions,
	qs: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	return await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/whatsapp/session-status',
		qs,
		itemIndex,
	});
}
