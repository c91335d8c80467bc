/**
 * The webhooks an assistant sends, one row each: where the assistant record keeps the URL, how it is
 * set and cleared, and whether the service sends it only to HTTPS. The action node's Enable/Disable
 * operations and the trigger's registration both read this table.
 */

/** The three webhooks an assistant has: after every call, after inbound calls, after a chat ends. */
export type AssistantWebhook = 'post_call' | 'inbound' | 'conversation_ended';

export interface AssistantWebhookRow {
	/** For messages, e.g. "post-call webhook". */
	label: string;
	/** The field of the assistant record that holds the URL. */
	urlField: string;
	/**
	 * POST `{assistant_id, webhook_url}` sets the URL; null: no such endpoint, the assistant update
	 * (`assistantUpdatePath`) sets the URL and its flags.
	 */
	enablePath: string | null;
	/** POST `{assistant_id}` clears the URL (and only this webhook's). */
	disablePath: string;
	/** The service refuses a plain http URL for this webhook. */
	requiresHttps: boolean;
}

export const ASSISTANT_WEBHOOKS = {
	// No enable endpoint: https://docs.famulor.de/en/api-reference/assistants/update sets
	// `webhook_url` and `is_webhook_active`; https://docs.famulor.de/en/api-reference/assistants/disable-webhook
	// clears the post-call fields only.
	post_call: {
		label: 'post-call webhook',
		urlField: 'webhook_url',
		enablePath: null,
		disablePath: '/api/user/assistants/disable-webhook',
		requiresHttps: false,
	},
	// https://docs.famulor.de/en/api-reference/assistants/enable-inbound-webhook and
	// https://docs.famulor.de/en/api-reference/assistants/disable-inbound-webhook
	inbound: {
		label: 'inbound-call webhook',
		urlField: 'inbound_webhook_url',
		enablePath: '/api/user/assistants/enable-inbound-webhook',
		disablePath: '/api/user/assistants/disable-inbound-webhook',
		requiresHttps: false,
	},
	// https://docs.famulor.de/en/api-reference/assistants/enable-conversation-ended-webhook (HTTPS URL
	// required) and https://docs.famulor.de/en/api-reference/assistants/disable-conversation-ended-webhook
	conversation_ended: {
		label: 'conversation-ended webhook',
		urlField: 'conversation_ended_webhook_url',
		enablePath: '/api/user/assistants/enable-conversation-ended-webhook',
		disablePath: '/api/user/assistants/disable-conversation-ended-webhook',
		requiresHttps: true,
	},
} as const satisfies Record<AssistantWebhook, AssistantWebhookRow>;

/** The webhooks an enable endpoint sets (all but the post-call one). */
export type EndpointWebhook = {
	[Webhook in AssistantWebhook]: (typeof ASSISTANT_WEBHOOKS)[Webhook]['enablePath'] extends string
		? Webhook
		: never;
}[AssistantWebhook];

/** The assistant update (https://docs.famulor.de/en/api-reference/assistants/update), a PUT. */
export function assistantUpdatePath(assistantId: number): string {
	return `/api/user/assistant/${assistantId}`;
}
