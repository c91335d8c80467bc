import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { requestWholeList } from '../../../shared/transport';
import type { OperationResult } from '../types';
import { statusList } from './statusList';

const senders = statusList({
	value: 'online',
	name: 'Online',
	description: 'Only senders that can send now',
	allDescription: 'Offline senders too',
});

export const description = updateDisplayOptions(
	{ show: { resource: ['whatsApp'], operation: ['getSenders'] } },
	senders.properties,
);

export type Plan = ReturnType<typeof senders.read>;

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	return senders.read.call(this, itemIndex);
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
