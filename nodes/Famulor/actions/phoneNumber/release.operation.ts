import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { phoneNumberLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkBoolean, invalid } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationEffect, OperationResult } from '../types';

const properties: INodeProperties[] = [
	{
		displayName:
			"Releasing cannot be undone and is not refunded. A dedicated number's subscription is cancelled and the number is removed at the end of its billing period; a SIP or caller-ID number is deleted at once. Assistants and campaigns using it lose it, and the same number may not be available again.",
		name: 'releaseNotice',
		type: 'notice',
		default: '',
	},
	phoneNumberLocator('phoneNumberId', 'The owned number to release'),
	{
		displayName: 'Confirm Release',
		name: 'confirmRelease',
		type: 'boolean',
		default: false,
		description:
			'Whether you really want to release this number; nothing is sent unless this is on',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['release'] } },
	properties,
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'phone number release',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	const id = readLocatorId.call(this, itemIndex, 'phoneNumberId', {
		label: 'Phone Number',
		field: 'id',
	});
	const name = { label: 'Confirm Release', field: 'confirmRelease' };
	if (
		!checkBoolean.call(
			this,
			itemIndex,
			name,
			this.getNodeParameter('confirmRelease', itemIndex, false),
		)
	) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must be on to release phone number ${id}: a release cannot be undone`,
		);
	}
	return id;
}

/**
 * https://docs.famulor.de/en/api-reference/phone-numbers/release. Sent once, never repeated on an
 * unclear failure; the service's message says whether the number goes now or at the end of the period.
 */
export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'DELETE',
		path: `/api/user/phone-numbers/${id}`,
		safeToRepeat: false,
		itemIndex,
	});
	return { id, released: true, message: response.message ?? null };
}
