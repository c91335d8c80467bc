import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { whatsAppSenderLocator } from '../../../shared/descriptions';
import { requestSenderTemplates } from '../../../shared/methods/whatsAppTemplates';
import { checkOneOf } from '../../validation';
import { readListLimit, readLocatorId, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

const TEMPLATE_STATUSES = ['approved', 'all'] as const;

const properties: INodeProperties[] = [
	whatsAppSenderLocator('The WhatsApp sender whose message templates are listed'),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		default: 'approved',
		options: [
			{ name: 'Approved', value: 'approved', description: 'Only templates that can be sent' },
			{ name: 'All', value: 'all', description: 'Pending and rejected templates too' },
		],
	},
	...returnAllProperties(),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['whatsApp'], operation: ['getTemplates'] } },
	properties,
);

export interface Plan {
	senderId: number;
	status: (typeof TEMPLATE_STATUSES)[number];
	limit: number;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	return {
		senderId: readLocatorId.call(this, itemIndex, 'senderId', {
			label: 'Sender',
			field: 'senderId',
		}),
		status: checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Status', field: 'status' },
			this.getNodeParameter('status', itemIndex, 'approved'),
			TEMPLATE_STATUSES,
		) as Plan['status'],
		limit: readListLimit.call(this, itemIndex),
	};
}

/** One item per template: name, language, category, status, body_text with {{1}}… and the variables' names. Not paginated. */
export async function execute(
	this: IExecuteFunctions,
	plan: Plan,
	itemIndex: number,
): Promise<OperationResult> {
	return (await requestSenderTemplates.call(this, plan.senderId, plan.status, itemIndex)).slice(
		0,
		plan.limit,
	);
}
