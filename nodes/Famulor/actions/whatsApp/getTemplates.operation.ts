import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { whatsAppSenderLocator } from '../../../shared/descriptions';
import { requestSenderTemplates } from '../../../shared/methods/whatsAppTemplates';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';
import { statusList, type StatusListPlan } from './statusList';

const templates = statusList({
	value: 'approved',
	name: 'Approved',
	description: 'Only templates that can be sent',
	allDescription: 'Pending and rejected templates too',
});

export const description = updateDisplayOptions(
	{ show: { resource: ['whatsApp'], operation: ['getTemplates'] } },
	[
		whatsAppSenderLocator('The WhatsApp sender whose message templates are listed'),
		...templates.properties,
	],
);

export interface Plan extends StatusListPlan<'approved'> {
	senderId: number;
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Plan {
	return {
		senderId: readLocatorId.call(this, itemIndex, 'senderId', {
			label: 'Sender',
			field: 'senderId',
		}),
		...templates.read.call(this, itemIndex),
	};
}

/**
 * One item per template: name, language, category, status, body_text with {{1}}… and the
 * variables' names. Not paginated.
 */
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
