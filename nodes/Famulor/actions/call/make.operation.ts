import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import {
	readE164Parameter,
	readLocatorId,
	readVariables,
	variablesProperty,
	type PhoneParameterReader,
} from '../common';
import type { OperationEffect, OperationResult } from '../types';

export const properties = (assistant: INodeProperties, phoneHint: string): INodeProperties[] => [
	assistant,
	{
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		required: true,
		default: '',
		placeholder: '+4915112345678',
		description: `Number to call, ${phoneHint}`,
	},
	variablesProperty(
		'Values passed to the call, e.g. customer_name or email, usable in the assistant prompt',
	),
];

export const shown = { show: { resource: ['call'], operation: ['make'] } };

export const description = updateDisplayOptions(
	shown,
	properties(
		assistantLocator('assistantId', 'The assistant that makes the call'),
		'in E.164 format (plus sign, country code, number)',
	),
);

export const effect: OperationEffect = { kind: 'billed', noun: 'call', idFields: ['call_id'] };

/** The plan of a version: the assistant, the number read by `readPhone`, and the variables. */
export function planWith(readPhone: PhoneParameterReader) {
	return function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
		const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
			label: 'Assistant',
			field: 'assistant_id',
		});
		const phoneNumber = readPhone.call(this, itemIndex, 'phoneNumber', {
			label: 'Phone Number',
			field: 'phone_number',
		});
		const variables = readVariables.call(this, itemIndex);
		return {
			phone_number: phoneNumber,
			assistant_id: assistantId,
			...(variables ? { variables } : {}),
		};
	};
}

/** Version 1 sends the number as given, in E.164. */
export const prepare = planWith(readE164Parameter);

/** Starts a real, billed phone call; sent once and never repeated on an unclear failure. */
export async function execute(
	this: IExecuteFunctions,
	body: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/user/make_call',
		body,
		safeToRepeat: false,
		itemIndex,
	});
}
