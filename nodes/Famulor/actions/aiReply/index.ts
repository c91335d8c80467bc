import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as generate from './generate.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['aiReply'] } },
	options: [
		{
			name: 'Generate',
			value: 'generate',
			action: 'Generate a billed AI reply',
			description:
				"Get an assistant's reply to a customer's chat message. Context is kept per customer identifier, so pass the same identifier for the same customer. Limited to 5 requests per minute; returns the reply text and any function calls.",
		},
	],
	default: 'generate',
};

export const aiReply: ResourceModule = {
	description: [operationProperty, ...generate.description],
	operations: { generate },
};
