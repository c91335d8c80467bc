import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as send from './send.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['sms'] } },
	options: [
		{
			name: 'Send',
			value: 'send',
			action: 'Send a real billed SMS',
			description:
				'Send an SMS (max 300 characters, billed per segment) from an SMS-capable number of the account to an E.164 number',
		},
	],
	default: 'send',
};

export const sms: ResourceModule = {
	description: [operationProperty, ...send.description],
	operations: { send },
};
