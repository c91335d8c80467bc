import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as disableAi from './disableAi.operation';
import * as enableAi from './enableAi.operation';
import * as getAll from './getAll.operation';

type OperationOption = NonNullable<INodeProperties['options']>[number];

const GET_MANY_OPTION: OperationOption = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many conversations',
	description:
		'List chat conversations (test, widget, WhatsApp, API), optionally filtered by type, assistant, customer phone, WhatsApp sender phone or external identifier; use Limit or Return All',
};

const AI_OPTIONS: OperationOption[] = [
	{
		name: 'Disable AI',
		value: 'disableAi',
		action: 'Disable the AI of a conversation',
		description:
			'Human handover: the AI stops replying in this conversation; new messages are still stored. Needs the conversation UUID.',
	},
	{
		name: 'Enable AI',
		value: 'enableAi',
		action: 'Enable the AI of a conversation',
		description: 'Hand the conversation back: the AI replies again to new messages',
	},
];

function operationProperty(options: OperationOption[]): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['conversation'] } },
		options,
		default: 'getAll',
	};
}

/** Version 1: the seed specification's conversation list. */
export const conversation: ResourceModule = {
	description: [operationProperty([GET_MANY_OPTION]), ...getAll.description],
	operations: { getAll },
};

/** Version 2 adds the human handover: AI off and on per conversation. */
export const conversationV2: ResourceModule = {
	description: [
		operationProperty([...AI_OPTIONS, GET_MANY_OPTION]),
		...getAll.description,
		...disableAi.description,
		...enableAi.description,
	],
	operations: { ...conversation.operations, disableAi, enableAi },
};
