import type { INodeProperties } from 'n8n-workflow';

import * as make from './make.operation';
import type { ResourceModule } from '../types';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['call'] } },
	options: [
		{
			name: 'Make',
			value: 'make',
			action: 'Make a phone call',
			description: 'Start an outbound phone call from an assistant to a customer number (billed; returns the call ID with status "initiated")',
		},
	],
	default: 'make',
};

export const call: ResourceModule = {
	description: [operationProperty, ...make.description],
	operations: { make },
};
