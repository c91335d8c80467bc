import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import {
	E164_PHONE,
	readLocatorId,
	readVariables,
	variablesProperty,
	type PhoneRule,
} from '../common';
import type { OperationEffect } from '../types';
import { variantHook, type Variant } from '../variant';

/** What a version reads: the assistant picker, and the number by the version's rule. */
interface MakeReads {
	assistant: INodeProperties;
	phone: PhoneRule;
}

/** Version 1 offers every assistant and sends the number as given, in E.164. */
const VERSION_1: Pick<Variant<MakeReads>, 'reads'> = {
	reads: {
		assistant: assistantLocator('assistantId', 'The assistant that makes the call'),
		phone: E164_PHONE,
	},
};

export const effect: OperationEffect = { kind: 'billed', noun: 'call', idFields: ['call_id'] };

/**
 * Call → Make of a version: the assistant, the number read by the version's rule, and the
 * variables; it starts a real, billed phone call, sent once and never repeated on an unclear failure.
 */
export const variant = variantHook(VERSION_1, ({ reads }) => ({
	description: updateDisplayOptions({ show: { resource: ['call'], operation: ['make'] } }, [
		reads.assistant,
		{
			displayName: 'Phone Number',
			name: 'phoneNumber',
			type: 'string',
			required: true,
			default: '',
			placeholder: '+4915112345678',
			description: `Number to call, ${reads.phone.hint}`,
		},
		variablesProperty(
			'Values passed to the call, e.g. customer_name or email, usable in the assistant prompt',
		),
	]),
	effect,
	prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
		const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
			label: 'Assistant',
			field: 'assistant_id',
		});
		const phoneNumber = reads.phone.read.call(this, itemIndex, 'phoneNumber', {
			label: 'Phone Number',
			field: 'phone_number',
		});
		const variables = readVariables.call(this, itemIndex);
		return {
			phone_number: phoneNumber,
			assistant_id: assistantId,
			...(variables ? { variables } : {}),
		};
	},
	async execute(this: IExecuteFunctions, body: IDataObject, itemIndex: number) {
		return await famulorApiRequest.call(this, {
			method: 'POST',
			path: '/api/user/make_call',
			body,
			safeToRepeat: false,
			itemIndex,
		});
	},
}));

export const { description, prepare, execute } = variant();
