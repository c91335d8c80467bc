import {
	NodeApiError,
	NodeOperationError,
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';

import { whatsAppSenderLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkMaxLength, requireText } from '../../validation';
import { readLocatorId, readPhoneParameter } from '../common';
import type { OperationEffect, OperationResult } from '../types';
import { recipientPhoneProperty } from './common';

export const MAX_MESSAGE_LENGTH = 4096;

export const properties = (recipientPhone: INodeProperties): INodeProperties[] => [
	{
		displayName:
			'Free-form messages can only be sent within 24 hours of the customer\'s last message to this sender. Outside that window, send an approved WhatsApp template message instead. Use "Get Session Status" to check first.',
		name: 'windowNotice',
		type: 'notice',
		default: '',
	},
	whatsAppSenderLocator('The WhatsApp sender (business number) the message is sent from'),
	recipientPhone,
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description: `Text of the message, at most ${MAX_MESSAGE_LENGTH} characters. The cost is deducted from the account balance.`,
	},
];

export const shown = { show: { resource: ['whatsApp'], operation: ['sendFreeform'] } };

export const description = updateDisplayOptions(shown, properties(recipientPhoneProperty));

function isSessionExpired(error: NodeApiError): boolean {
	const context = error.context as IDataObject;
	if (context.errorCode === 'SESSION_EXPIRED') return true;
	// the seed specification (the API docs of February 2026): a 403 from send-freeform means the
	// window is closed, even without an error code.
	return context.httpCode === 403 && !context.errorCode && !/permission/i.test(error.message);
}

/**
 * The closed window is the one failure the user fixes with a different action, so the message itself
 * says which; every other failure passes through unchanged.
 */
function withTemplateAdvice(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	if (!(error instanceof NodeApiError))
		return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
	// The service's own text usually names the template already; the advice is added only when it does not.
	if (!isSessionExpired(error) || /template/i.test(error.message)) return error;
	const advised = new NodeApiError(this.getNode(), { message: error.message } as JsonObject, {
		message: `${error.message} — the 24-hour WhatsApp window is closed: send a WhatsApp template message instead`,
		description: error.description ?? undefined,
		httpCode: error.httpCode ?? undefined,
		itemIndex,
	});
	Object.assign(advised.context, error.context);
	return advised;
}

export const effect: OperationEffect = {
	kind: 'billed',
	noun: 'message',
	idFields: ['message_id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const senderId = readLocatorId.call(this, itemIndex, 'senderId', {
		label: 'Sender',
		field: 'sender_id',
	});
	const recipientPhone = readPhoneParameter.call(this, itemIndex, 'recipientPhone', {
		label: 'Recipient Phone',
		field: 'recipient_phone',
	});
	const messageName = { label: 'Message', field: 'message' };
	const message = checkMaxLength.call(
		this,
		itemIndex,
		messageName,
		requireText.call(this, itemIndex, messageName, this.getNodeParameter('message', itemIndex)),
		MAX_MESSAGE_LENGTH,
	);
	return { sender_id: senderId, recipient_phone: recipientPhone, message };
}

/** Sends a billed message; sent once, never repeated on an unclear failure, and paced to 5 per second. */
export async function execute(
	this: IExecuteFunctions,
	body: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	try {
		return await famulorApiRequest.call(this, {
			method: 'POST',
			path: '/api/user/whatsapp/send-freeform',
			body,
			rateLimit: 'sendFreeform',
			safeToRepeat: false,
			itemIndex,
		});
	} catch (error) {
		throw withTemplateAdvice.call(this, error, itemIndex);
	}
}
