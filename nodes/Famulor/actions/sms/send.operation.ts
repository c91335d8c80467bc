import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { smsPhoneNumberLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { PHONE_NUMBER_HINT, checkMaxLength, checkPhoneNumber, requireText } from '../../validation';
import { readLocatorId } from '../common';
import { recordWithMessage } from '../records';
import type { OperationEffect, OperationResult } from '../types';

export const MAX_SMS_LENGTH = 300;

const properties: INodeProperties[] = [
	smsPhoneNumberLocator(
		"The number the SMS is sent from: one of this account's numbers that is SMS-capable and has an active subscription",
	),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+4915123456789',
		description: `Recipient, ${PHONE_NUMBER_HINT}`,
	},
	{
		displayName: 'Message',
		name: 'body',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 3 },
		description: `Text of the SMS, at most ${MAX_SMS_LENGTH} characters. Billed per segment (160 characters, 70 with emoji or non-Latin letters; longer texts are split) by destination country.`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

export const effect: OperationEffect = { kind: 'billed', noun: 'SMS', idFields: ['sms_id'] };

export interface Plan {
	from: number;
	to: string;
	body: string;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	const bodyName = { label: 'Message', field: 'body' };
	return {
		from: readLocatorId.call(this, itemIndex, 'from', { label: 'From Number', field: 'from' }),
		to: checkPhoneNumber.call(
			this,
			itemIndex,
			{ label: 'To', field: 'to' },
			this.getNodeParameter('to', itemIndex),
		),
		body: checkMaxLength.call(
			this,
			itemIndex,
			bodyName,
			requireText.call(this, itemIndex, bodyName, this.getNodeParameter('body', itemIndex)),
			MAX_SMS_LENGTH,
		),
	};
}

/**
 * Sends a billed SMS (https://docs.famulor.de/en/api-reference/sms/send) once; `from` is the number's
 * ID. Outputs the SMS record (sms_id, from, to, body, segments, cost, currency, status).
 */
export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/user/sms',
		body: { from: plan.from, to: plan.to, body: plan.body },
		safeToRepeat: false,
		itemIndex,
	});
	return recordWithMessage(response);
}
