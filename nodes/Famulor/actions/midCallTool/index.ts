import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['midCallTool'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a tool for live calls',
			description:
				'Create an HTTP endpoint the assistant can call during a call (e.g. an n8n webhook); plans limit how many exist',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a tool for live calls',
			description: 'Delete a mid-call tool; it is removed from every assistant',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a tool for live calls',
			description: 'Read one mid-call tool with its endpoint, headers and parameters',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many tools for live calls',
			description: 'List the mid-call tools of the account',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a tool for live calls',
			description:
				'Change a mid-call tool; only the fields given change, headers and parameters replace the stored lists',
		},
	],
	default: 'getAll',
};

export const midCallTool: ResourceModule = {
	description: [
		operationProperty,
		...create.description,
		...get.description,
		...getAll.description,
		...update.description,
		...del.description,
	],
	operations: { create, delete: del, get, getAll, update },
};
