import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['voice'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many voices',
			description:
				'List the voices an assistant can use (public and your own), optionally for one engine mode and language; the ID goes to Voice',
		},
	],
	default: 'getAll',
};

export const voice: ResourceModule = {
	description: [operationProperty, ...getAll.description],
	operations: { getAll },
};
