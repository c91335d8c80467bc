import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { callLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import { deletedOutput } from '../records';
import type { OperationEffect, OperationResult } from '../types';

const properties: INodeProperties[] = [
	{
		displayName:
			'Deleting a call is permanent: its record, transcript, metadata and the recording file are removed and cannot be restored.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	callLocator('The call to delete, with its transcript and recording (permanent)'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['call'], operation: ['delete'] } },
	properties,
);

/**
 * Irreversible (https://docs.famulor.de/en/api-reference/calls/delete): sent once, never
 * repeated on an unclear failure.
 */
export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'call deletion',
	idFields: ['call_id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'callId', { label: 'Call', field: 'call' });
}

export async function execute(
	this: IExecuteFunctions,
	callId: number,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'DELETE',
		path: `/api/user/calls/${callId}`,
		safeToRepeat: false,
		itemIndex,
	});
	return deletedOutput({ call_id: callId }, response);
}
