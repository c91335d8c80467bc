import * as create from './create.operation';
import * as createV2 from './create.v2.operation';
import * as deleteAssistant from './delete.operation';
import * as disableConversationEndedWebhook from './disableConversationEndedWebhook.operation';
import * as disableInboundWebhook from './disableInboundWebhook.operation';
import * as disableWebhook from './disableWebhook.operation';
import * as disableWebhookV2 from './disableWebhook.v2.operation';
import * as enableConversationEndedWebhook from './enableConversationEndedWebhook.operation';
import * as enableInboundWebhook from './enableInboundWebhook.operation';
import * as enableInboundWebhookV2 from './enableInboundWebhook.v2.operation';
import * as enablePostCallWebhook from './enablePostCallWebhook.operation';
import * as getAll from './getAll.operation';
import * as getAllOutbound from './getAllOutbound.operation';
import * as update from './update.operation';
import * as updateV2 from './update.v2.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/**
 * Every operation of the resource in either version, as the Operation dropdown shows it. Version 2
 * words Create and Update for their current fields and names the webhook switches in pairs whose
 * names match (Enable X / Disable X); `disableWebhook` keeps its value from version 1 and is named
 * for what it turns off.
 */
const entries = {
	create: {
		module: create,
		name: 'Create',
		action: 'Create an assistant',
		description:
			'Create a voice or chat AI assistant. Needs name, voice ID, language name, LLM model, calls direction (receive/make), engine type, timezone (Area/City), first message and system prompt; returns the new assistant ID.',
	},
	update: {
		module: update,
		name: 'Update',
		action: 'Update an assistant',
		description:
			'Change settings of an existing assistant; only the fields given are changed. Can remove the phone number, the webhook or all tools; a tool list replaces the existing tools.',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many assistants',
		description:
			'List the assistants of the account with their full settings; use Limit or Return All. Use the returned ID for calls, replies and updates.',
	},
	getAllOutbound: {
		module: getAllOutbound,
		name: 'Get Many Outbound',
		action: 'Get many outbound assistants',
		description: 'List only the assistants that make outbound calls (a short summary of each)',
	},
	enableInboundWebhook: {
		module: enableInboundWebhook,
		name: 'Enable Inbound Webhook',
		action: 'Enable the inbound call webhook',
		description:
			'Report every completed inbound call of an assistant to a URL (HTTP POST with the call data)',
	},
	disableWebhook: {
		module: disableWebhook,
		name: 'Disable Webhook',
		action: 'Disable the webhook after calls',
		description:
			'Stop sending post-call webhooks for an assistant; its webhook URL is cleared. Calls, recordings and call data are unaffected.',
	},
	delete: {
		module: deleteAssistant,
		name: 'Delete',
		action: 'Delete an assistant',
		description:
			'Delete an assistant permanently. Cannot be undone; only use when the user asked to delete this assistant.',
	},
	disableConversationEndedWebhook: {
		module: disableConversationEndedWebhook,
		name: 'Disable Conversation-Ended Webhook',
		action: 'Disable the webhook when chats end',
		description: 'Stop reporting ended chats (widget or WhatsApp) of an assistant',
	},
	disableInboundWebhook: {
		module: disableInboundWebhook,
		name: 'Disable Inbound Webhook',
		action: 'Disable the inbound call webhook',
		description:
			'Stop reporting completed inbound calls of an assistant; the post-call webhook is unaffected',
	},
	enableConversationEndedWebhook: {
		module: enableConversationEndedWebhook,
		name: 'Enable Conversation-Ended Webhook',
		action: 'Enable the webhook when chats end',
		description:
			'Report each ended chat (widget or WhatsApp) of an assistant to an HTTPS URL, with transcript and extracted variables',
	},
	enablePostCallWebhook: {
		module: enablePostCallWebhook,
		name: 'Enable Post-Call Webhook',
		action: 'Enable the webhook after calls',
		description:
			"Report every call of an assistant to a URL after it ends, with the extracted post-call values (sets the assistant's webhook URL)",
	},
} satisfies Record<string, OperationEntry>;

export const assistant = {
	v1: buildResource('assistant', 'getAll', {
		create: entries.create,
		update: entries.update,
		getAll: entries.getAll,
		getAllOutbound: entries.getAllOutbound,
		enableInboundWebhook: entries.enableInboundWebhook,
		disableWebhook: entries.disableWebhook,
	}),
	/** Current names for Create and Update, Delete, and the webhook switches as pairs. */
	v2: buildResource('assistant', 'getAll', {
		create: {
			...entries.create,
			module: createV2,
			description:
				"Create a voice or chat AI assistant. Needs name, engine mode, type (inbound/outbound), language, voice, model, timezone, first message and system prompt, each picked from the service's lists; returns the new assistant.",
		},
		update: {
			...entries.update,
			module: updateV2,
			description:
				'Change settings of an assistant; only the fields given change. Lists (labels, tools, languages) replace the stored ones; Fields to Clear removes settings.',
		},
		getAll: entries.getAll,
		getAllOutbound: entries.getAllOutbound,
		disableConversationEndedWebhook: entries.disableConversationEndedWebhook,
		disableInboundWebhook: entries.disableInboundWebhook,
		disableWebhook: {
			...entries.disableWebhook,
			module: disableWebhookV2,
			name: 'Disable Post-Call Webhook',
		},
		enableConversationEndedWebhook: entries.enableConversationEndedWebhook,
		enableInboundWebhook: { ...entries.enableInboundWebhook, module: enableInboundWebhookV2 },
		enablePostCallWebhook: entries.enablePostCallWebhook,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
