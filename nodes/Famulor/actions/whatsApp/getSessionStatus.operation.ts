import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { whatsAppSenderLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { E164_PHONE, type PhoneRule } from '../common';
import { answerAsSent } from '../records';
import { variantHook, type Variant } from '../variant';
import { readSenderAndRecipient, recipientPhoneProperty } from './common';

/** Version 1 sends the recipient as given, in E.164, and outputs the answer as it comes. */
const VERSION_1: Pick<Variant<PhoneRule>, 'reads' | 'outputs'> = {
	reads: E164_PHONE,
	outputs: answerAsSent,
};

/**
 * Get Session Status of a version: read-only and free, it reports whether the 24-hour window is open
 * (`session_status.can_send_freeform`). The query is the sender and the recipient read by the
 * version's rule; https://docs.famulor.de/en/api-reference/whatsapp/session-status answers without
 * them.
 */
export const variant = variantHook(VERSION_1, ({ reads, outputs }) => ({
	description: updateDisplayOptions(
		{ show: { resource: ['whatsApp'], operation: ['getSessionStatus'] } },
		[
			whatsAppSenderLocator(
				'The WhatsApp sender (business number) whose conversation with the customer is checked',
			),
			recipientPhoneProperty(reads),
		],
	),
	prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
		return readSenderAndRecipient.call(this, itemIndex, reads);
	},
	async execute(this: IExecuteFunctions, qs: IDataObject, itemIndex: number) {
		const answer = await famulorApiRequest.call(this, {
			method: 'GET',
			path: '/api/user/whatsapp/session-status',
			qs,
			itemIndex,
		});
		return await outputs.call(this, answer, qs, itemIndex);
	},
}));

export const { description, prepare, execute } = variant();
