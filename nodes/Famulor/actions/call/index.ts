import type { INodeProperties } from 'n8n-workflow';

import * as deleteCall from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
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
			action: 'Make a real billed phone call',
			description:
				'Start an outbound phone call from an assistant to a customer number (billed; returns the call ID with status "initiated")',
		},
	],
	default: 'make',
};

export const call: ResourceModule = {
	description: [operationProperty, ...make.description],
	operations: { make },
};

const operationPropertyV2: INodeProperties = {
	...operationProperty,
	options: [
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a call',
			description: 'Permanently delete a call with its transcript and recording; cannot be undone',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a call',
			description:
				'Get one call with its transcript, evaluation (post-call values), costs and recording URL',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many calls',
			description:
				'List calls, newest first, filtered by status, type, assistant, campaign, customer number or dates; use Limit or Return All',
		},
		...(operationProperty.options ?? []),
	],
};

/** Version 2: Make picks from the outbound assistants only; Get, Get Many and Delete are new. */
export const callV2: ResourceModule = {
	description: [
		operationPropertyV2,
		...make.descriptionV2,
		...get.description,
		...getAll.description,
		...deleteCall.description,
	],
	operations: { make, get, getAll, delete: deleteCall },
};
