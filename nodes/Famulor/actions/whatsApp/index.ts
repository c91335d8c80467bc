import type { INodeProperties } from 'n8n-workflow';

import * as getSenders from './getSenders.operation';
import * as getSessionStatus from './getSessionStatus.operation';
import * as getTemplates from './getTemplates.operation';
import * as sendFreeform from './sendFreeform.operation';
import * as sendTemplate from './sendTemplate.operation';
import type { ResourceModule } from '../types';

type OperationOption = NonNullable<INodeProperties['options']>[number];

const SENDER_OPTIONS: OperationOption[] = [
	{
		name: 'Get Many Senders',
		value: 'getSenders',
		action: 'Get many WhatsApp senders',
		description:
			"List the account's WhatsApp senders (business numbers): online ones, or all; one item per sender with its ID, number, status, quality rating and messaging limit",
	},
	{
		name: 'Get Many Templates',
		value: 'getTemplates',
		action: 'Get many WhatsApp templates',
		description:
			'List the message templates of a sender: approved ones, or all (also pending and rejected); one item per template with its text and variable names',
	},
];

const SESSION_OPTIONS: OperationOption[] = [
	{
		name: 'Get Session Status',
		value: 'getSessionStatus',
		action: 'Get the WhatsApp session status',
		description:
			'Check whether the 24-hour WhatsApp window with a customer is open (free, read-only). If can_send_freeform is true, a free-form message may be sent; if requires_template is true, a template message must be sent instead.',
	},
	{
		name: 'Send Free-Form Message',
		value: 'sendFreeform',
		action: 'Send a real billed free-form WhatsApp message',
		description:
			'Send a free-text WhatsApp message (max 4096 characters, billed) to a customer who wrote to the sender within the last 24 hours. Outside that window it fails with 403 SESSION_EXPIRED and a template message must be sent instead.',
	},
];

const TEMPLATE_SEND_OPTION: OperationOption = {
	name: 'Send Template Message',
	value: 'sendTemplate',
	action: 'Send a real billed WhatsApp template message',
	description:
		'Send an approved WhatsApp template (billed) with its variables filled in, also outside the 24-hour window, e.g. to start a conversation or follow up when free-form messages are not allowed',
};

function operationProperty(options: OperationOption[]): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['whatsApp'] } },
		options,
		default: 'sendFreeform',
	};
}

/** Version 1: the seed specification's session check and free-form send. */
export const whatsApp: ResourceModule = {
	description: [
		operationProperty(SESSION_OPTIONS),
		...sendFreeform.description,
		...getSessionStatus.description,
	],
	operations: { getSessionStatus, sendFreeform },
};

/** Version 2 adds senders, templates and the template send. */
export const whatsAppV2: ResourceModule = {
	description: [
		operationProperty([...SENDER_OPTIONS, ...SESSION_OPTIONS, TEMPLATE_SEND_OPTION]),
		...sendFreeform.descriptionV2,
		...getSessionStatus.descriptionV2,
		...sendTemplate.description,
		...getSenders.description,
		...getTemplates.description,
	],
	operations: { ...whatsApp.operations, getSenders, getTemplates, sendTemplate },
};
