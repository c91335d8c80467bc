import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { requestWholeList } from '../../../shared/transport';
import { checkOneOf } from '../../validation';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const SENDER_STATUSES = ['online', 'all'] as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		default: 'online',
		options: [
			{ name: 'Online', value: 'online', description: 'Only senders that can send now' },
			{ name: 'All', value: 'all', description: 'Offline senders too' },
		],
	},
	...returnAllProperties(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['whatsApp'], operation: ['getSenders'] } },
	properties,
);

export interface Plan {
	status: (typeof SENDER_STATUSES)[number];
	limit: number;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	return {
		status: checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Status', field: 'status' },
			this.getNodeParameter('status', itemIndex, 'online'),
			SENDER_STATUSES,
		) as Plan['status'],
		limit: readListLimit.call(this, itemIndex),
	};
}

/** The list is not paginated (https://docs.famulor.de/en/api-reference/whatsapp/senders), so Limit slices it. */
export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestWholeList.call(this, {
		path: '/api/user/whatsapp/senders',
		qs: { status: plan.status },
		limit: plan.limit,
		itemIndex,
	});
}
