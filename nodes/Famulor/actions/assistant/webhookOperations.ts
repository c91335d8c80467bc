import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { OperationModule } from '../types';
import * as disableConversationEndedWebhook from './disableConversationEndedWebhook.operation';
import * as disableInboundWebhook from './disableInboundWebhook.operation';
import * as disableWebhook from './disableWebhook.operation';
import * as enableConversationEndedWebhook from './enableConversationEndedWebhook.operation';
import * as enableInboundWebhook from './enableInboundWebhook.operation';
import * as enablePostCallWebhook from './enablePostCallWebhook.operation';

/**
 * Version 2's webhook switches, in pairs whose names match (Enable X / Disable X). `disableWebhook`
 * keeps its value from version 1 and is named for what it turns off.
 */
export const webhookOperationOptionsV2: INodePropertyOptions[] = [
	{
		name: 'Disable Conversation-Ended Webhook',
		value: 'disableConversationEndedWebhook',
		action: 'Disable the webhook an assistant sends when a chat ends',
		description: 'Stop reporting ended chats (widget or WhatsApp) of an assistant',
	},
	{
		name: 'Disable Inbound Webhook',
		value: 'disableInboundWebhook',
		action: 'Disable the inbound call webhook of an assistant',
		description:
			'Stop reporting completed inbound calls of an assistant; the post-call webhook is unaffected',
	},
	{
		name: 'Disable Post-Call Webhook',
		value: 'disableWebhook',
		action: 'Disable the webhook an assistant sends after each call',
		description:
			'Stop sending post-call webhooks for an assistant; its webhook URL is cleared. Calls, recordings and call data are unaffected.',
	},
	{
		name: 'Enable Conversation-Ended Webhook',
		value: 'enableConversationEndedWebhook',
		action: 'Enable the webhook an assistant sends when a chat ends',
		description:
			'Report each ended chat (widget or WhatsApp) of an assistant to an HTTPS URL, with transcript and extracted variables',
	},
	{
		name: 'Enable Inbound Webhook',
		value: 'enableInboundWebhook',
		action: 'Enable the inbound call webhook of an assistant',
		description:
			'Report every completed inbound call of an assistant to a URL (HTTP POST with the call data)',
	},
	{
		name: 'Enable Post-Call Webhook',
		value: 'enablePostCallWebhook',
		action: 'Enable the webhook an assistant sends after each call',
		description:
			"Report every call of an assistant to a URL after it ends, with the extracted post-call values (sets the assistant's webhook URL)",
	},
];

export const webhookOperationsV2: Record<string, OperationModule> = {
	disableConversationEndedWebhook,
	disableInboundWebhook,
	disableWebhook,
	enableConversationEndedWebhook,
	enableInboundWebhook,
	enablePostCallWebhook,
};

export const webhookDescriptionsV2: INodeProperties[] = Object.values(webhookOperationsV2).flatMap(
	(operation) => operation.description,
);
