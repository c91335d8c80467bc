import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['conversation'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many conversations',
			description:
				'List chat conversations (test, widget, WhatsApp, API), optionally filtered by type, assistant, customer phone, WhatsApp sender phone or external identifier; use Limit or Return All',
		},
	],
	default: 'getAll',
};

export const conversation: ResourceModule = {
	description: [operationProperty, ...getAll.description],
	operations: { getAll },
};
