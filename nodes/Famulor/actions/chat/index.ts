import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as createConversation from './createConversation.operation';
import * as getConversation from './getConversation.operation';
import * as sendMessage from './sendMessage.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['chat'] } },
	options: [
		{
			name: 'Create Conversation',
			value: 'createConversation',
			action: 'Create a chat conversation',
			description:
				"Start a chat with an assistant (widget: billed per message; test: free); returns the conversation ID and the assistant's first message",
		},
		{
			name: 'Get Conversation',
			value: 'getConversation',
			action: 'Get a chat conversation',
			description: "Read a conversation's history (oldest first) and variables",
		},
		{
			name: 'Send Message',
			value: 'sendMessage',
			action: 'Send a billed chat message',
			description:
				"Send a user message (max 2000 characters) to a chat conversation and get the assistant's reply",
		},
	],
	default: 'sendMessage',
};

export const chat: ResourceModule = {
	description: [
		operationProperty,
		...createConversation.description,
		...sendMessage.description,
		...getConversation.description,
	],
	operations: { createConversation, getConversation, sendMessage },
};
