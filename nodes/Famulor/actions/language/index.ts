import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import type { ResourceModule } from '../types';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['language'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many languages',
			description:
				'List the languages an assistant can speak; use the name as the assistant language',
		},
	],
	default: 'getAll',
};

export const language: ResourceModule = {
	description: [operationProperty, ...getAll.description],
	operations: { getAll },
};
