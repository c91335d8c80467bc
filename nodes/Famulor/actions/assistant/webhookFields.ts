import { flag, numeric, url, type AssistantField } from './fieldKinds';

/**
 * What an assistant reports after a call or chat, in both node versions' forms (fields.ts says which
 * version has which): the post-call evaluation and webhook, and the chat-end webhook. A key with
 * `seed` is version 1's form of a field version 2 words or checks otherwise.
 */
export const WEBHOOK = {
	postCallEvaluation: flag(
		'Post-Call Evaluation',
		'postCallEvaluation',
		'post_call_evaluation',
		'Whether the call is evaluated after it ends',
		true,
	),
	conversationInactivityTimeout: numeric(
		'Conversation Inactivity Timeout',
		'conversationInactivityTimeout',
		'conversation_inactivity_timeout',
		'Minutes without chat activity before a conversation ends, 1 to 1440',
		{ min: 1, max: 1440, integer: true, default: 30 },
	),
	conversationEndedRetrigger: flag(
		'Conversation Ended Retrigger',
		'conversationEndedRetrigger',
		'conversation_ended_retrigger',
		'Whether an ended chat conversation can start again',
		false,
	),
	conversationEndedWebhookUrl: url(
		'Conversation Ended Webhook URL',
		'conversationEndedWebhookUrl',
		'conversation_ended_webhook_url',
		'URL called when a chat conversation ends after inactivity',
	),
	sendWebhookOnlyOnCompleted: flag(
		'Send Webhook Only on Completed',
		'sendWebhookOnlyOnCompleted',
		'send_webhook_only_on_completed',
		'Whether the post-call webhook fires only for completed calls',
		true,
	),
	includeRecordingInWebhook: flag(
		'Include Recording in Webhook',
		'includeRecordingInWebhook',
		'include_recording_in_webhook',
		'Whether the recording URL is in the webhook payload',
		true,
	),
	seedIncludeRecordingInWebhook: flag(
		'Include Recording in Webhook',
		'includeRecordingInWebhook',
		'include_recording_in_webhook',
		'Whether the recording URL is included in the webhook payload',
		true,
	),
	isWebhookActive: flag(
		'Webhook Active',
		'isWebhookActive',
		'is_webhook_active',
		'Whether the post-call webhook is sent; when on, Webhook URL is required',
		false,
	),
	webhookUrl: url(
		'Webhook URL',
		'webhookUrl',
		'webhook_url',
		'URL that receives the post-call webhook',
	),
	seedWebhookUrl: url(
		'Webhook URL',
		'webhookUrl',
		'webhook_url',
		'URL that receives the post-call webhook (required when Webhook Active is on)',
	),
} satisfies Record<string, AssistantField>;
