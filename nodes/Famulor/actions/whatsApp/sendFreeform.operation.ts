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
import { E164_PHONE, type PhoneRule } from '../common';
import type { OperationEffect } from '../types';
import { variantHook, type Variant } from '../variant';
import { readSenderAndRecipient, recipientPhoneProperty } from './common';

export const MAX_MESSAGE_LENGTH = 4096;

const properties = (recipientPhone: INodeProperties): INodeProperties[] => [
	{
		displayName:
			'Free-form messages can only be sent within 24 hours of the customer\'s last message to this sender, and each message is billed. Outside that window, send an approved WhatsApp template message instead. Use "Get Session Status" to check first.',
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

function isSessionExpired(error: NodeApiError): boolean {
	const context = error.context as IDataObject;
	if (context.errorCode === 'SESSION_EXPIRED') return true;
	// The seed specification (the API docs of February 2026): a 403 from send-freeform means the
	// window is closed, even without an error code.
	return context.httpCode === 403 && !context.errorCode && !/permission/i.test(error.message);
}

/**
 * The closed window is the one failure the user fixes with a different action, so the message itself
 * says which, and names the sender and customer it was about: a window belongs to one pair, and a
 * sender other than the one the customer wrote to (picked from the list) has none, even right after
 * Get Session Status said "open" for the other. Every other failure passes through unchanged.
 */
function windowClosedMessage(serviceMessage: string, body: IDataObject): string {
	const pair = `sender ${String(body.sender_id)} and ${String(body.recipient_phone)}`;
	return (
		`${serviceMessage} — no open 24-hour WhatsApp window between ${pair}. ` +
		'A window belongs to one sender and one customer and opens when that customer writes to that sender: ' +
		"send from the sender the customer wrote to (e.g. the polling trigger's sender_id), " +
		'or send a WhatsApp template message instead'
	);
}

function withWindowAdvice(
	this: IExecuteFunctions,
	error: unknown,
	body: IDataObject,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) return error;
	if (!(error instanceof NodeApiError))
		return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
	if (!isSessionExpired(error)) return error;
	const advised = new NodeApiError(this.getNode(), { message: error.message } as JsonObject, {
		message: windowClosedMessage(error.message, body),
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

/** Version 1 sends the recipient as given, in E.164. */
const VERSION_1: Pick<Variant<PhoneRule>, 'reads'> = { reads: E164_PHONE };

/**
 * Send Free-Form Message of a version: the sender, the recipient read by the version's rule, and the
 * checked message. Sends a billed message; sent once, never repeated on an unclear failure, and
 * paced to 5 per second.
 */
export const variant = variantHook(VERSION_1, ({ reads }) => ({
	description: updateDisplayOptions(
		{ show: { resource: ['whatsApp'], operation: ['sendFreeform'] } },
		properties(recipientPhoneProperty(reads)),
	),
	effect,
	prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
		const conversation = readSenderAndRecipient.call(this, itemIndex, reads);
		const messageName = { label: 'Message', field: 'message' };
		const message = checkMaxLength.call(
			this,
			itemIndex,
			messageName,
			requireText.call(this, itemIndex, messageName, this.getNodeParameter('message', itemIndex)),
			MAX_MESSAGE_LENGTH,
		);
		return { ...conversation, message };
	},
	async execute(this: IExecuteFunctions, body: IDataObject, itemIndex: number) {
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
			throw withWindowAdvice.call(this, error, body, itemIndex);
		}
	},
}));

export const { description, prepare, execute } = variant();
