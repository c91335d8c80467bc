import type { INodeProperties } from 'n8n-workflow';

import * as getSessionStatus from './getSessionStatus.operation';
import * as sendFreeform from './sendFreeform.operation';
import type { ResourceModule } from '../types';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['whatsApp'] } },
	options: [
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
			action: 'Send a free-form WhatsApp message',
			description:
				'Send a free-text WhatsApp message (max 4096 characters, billed) to a customer who wrote to the sender within the last 24 hours. Outside that window it fails with 403 SESSION_EXPIRED and a template message must be sent instead.',
		},
	],
	default: 'sendFreeform',
};

export const whatsApp: ResourceModule = {
	description: [operationProperty, ...sendFreeform.description, ...getSessionStatus.description],
	operations: { getSessionStatus, sendFreeform },
};
