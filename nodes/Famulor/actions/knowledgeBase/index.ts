import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as update from './update.operation';
import type { ResourceModule } from '../types';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['knowledgeBase'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			action: 'Get a knowledge base',
			description: 'Read one knowledge base: name, description, status (empty, processing, active, failed) and how many documents and assistants use it',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a knowledge base',
			description: 'Change the name and/or description of a knowledge base (max 255 characters each); its documents stay as they are',
		},
	],
	default: 'get',
};

export const knowledgeBase: ResourceModule = {
	description: [operationProperty, ...get.description, ...update.description],
	operations: { get, update },
};
