import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import * as create from './create.operation';
import * as disableWebhook from './disableWebhook.operation';
import * as enableInboundWebhook from './enableInboundWebhook.operation';
import * as getAll from './getAll.operation';
import * as getAllOutbound from './getAllOutbound.operation';
import * as update from './update.operation';

export const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['assistant'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create an assistant',
			description:
				'Create a voice or chat AI assistant. Needs name, voice ID, language name, LLM model, calls direction (receive/make), engine type, timezone (Area/City), first message and system prompt; returns the new assistant ID.',
		},
		{
			name: 'Disable Webhook',
			value: 'disableWebhook',
			action: 'Disable the webhook an assistant sends after each call',
			description:
				'Stop sending post-call webhooks for an assistant; its webhook URL is cleared. Calls, recordings and call data are unaffected.',
		},
		{
			name: 'Enable Inbound Webhook',
			value: 'enableInboundWebhook',
			action: 'Enable the inbound call webhook of an assistant',
			description:
				'Report every completed inbound call of an assistant to a URL (HTTP POST with the call data)',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many assistants',
			description:
				'List the assistants of the account with their full settings; use Limit or Return All. Use the returned ID for calls, replies and updates.',
		},
		{
			name: 'Get Many Outbound',
			value: 'getAllOutbound',
			action: 'Get many outbound assistants',
			description: 'List only the assistants that make outbound calls (a short summary of each)',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update an assistant',
			description:
				'Change settings of an existing assistant; only the fields given are changed. Can remove the phone number, the webhook or all tools; a tool list replaces the existing tools.',
		},
	],
	default: 'getAll',
};

export const assistant: ResourceModule = {
	description: [
		operationProperty,
		...create.description,
		...update.description,
		...getAll.description,
		...getAllOutbound.description,
		...enableInboundWebhook.description,
		...disableWebhook.description,
	],
	operations: { create, update, getAll, getAllOutbound, enableInboundWebhook, disableWebhook },
};
