import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { phoneNumberLocator } from '../../../shared/descriptions';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { checkMaxLength } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

export const MAX_NICKNAME_LENGTH = 50;

const properties: INodeProperties[] = [
	phoneNumberLocator(
		'phoneNumberId',
		'The owned number to label (numbers shared with the account cannot be changed)',
	),
	{
		displayName: 'Nickname',
		name: 'nickname',
		type: 'string',
		default: '',
		description: `A label for the number, at most ${MAX_NICKNAME_LENGTH} characters; leave empty to clear it`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['update'] } },
	properties,
);

interface NicknamePlan {
	id: number;
	nickname: string | null;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): NicknamePlan {
	const id = readLocatorId.call(this, itemIndex, 'phoneNumberId', {
		label: 'Phone Number',
		field: 'id',
	});
	const text = String(this.getNodeParameter('nickname', itemIndex, '') ?? '').trim();
	return {
		id,
		nickname:
			text === ''
				? null
				: checkMaxLength.call(
						this,
						itemIndex,
						{ label: 'Nickname', field: 'nickname' },
						text,
						MAX_NICKNAME_LENGTH,
					),
	};
}

/**
 * The nickname is the only field that can change
 * (https://docs.famulor.de/en/api-reference/phone-numbers/update); null clears it.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: NicknamePlan,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'PUT',
		path: `/api/user/phone-numbers/${plan.id}`,
		body: { nickname: plan.nickname },
		itemIndex,
	});
	return unwrapRecord(response);
}
