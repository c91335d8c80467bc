import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as getAll from './getAll.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['model'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many models',
			description:
				"List the AI models of one type (LLM, multimodal or dualplex); the ID goes to the assistant's Model",
		},
	],
	default: 'getAll',
};

export const model: ResourceModule = {
	description: [operationProperty, ...getAll.description],
	operations: { getAll },
};
