/**
 * How the trigger registers, removes and puts back each webhook of an assistant, one entry per event
 * so the lifecycle has no event branches. Paths, URL fields and the HTTPS rule are the rows of
 * `ASSISTANT_WEBHOOKS`, which the action node's switches read too.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import {
	ASSISTANT_WEBHOOKS,
	assistantUpdatePath,
	type EndpointWebhook,
} from '../shared/assistantWebhooks';
import { famulorApiRequest } from '../shared/transport';
import type { RegisteredEvent, ReplacedWebhook } from './state';

export interface EventSettings {
	/** undefined = option not added: the assistant's current setting is kept (post-call only). */
	onlyCompleted?: boolean;
	includeRecording?: boolean;
}

interface EventWebhook {
	/** For messages: "post-call webhook". */
	label: string;
	/** The service refuses a plain http URL for this webhook. */
	requiresHttps: boolean;
	/** The URL the assistant currently sends this event to, null for none, undefined when the record does not say. */
	currentTarget(assistant: IDataObject): string | null | undefined;
	/** What a replaced webhook needs to be put back. */
	replacedState(assistant: IDataObject, url: string): ReplacedWebhook;
	/** Whether the assistant still delivers as configured (beyond the URL). */
	deliversAsConfigured(assistant: IDataObject, settings: EventSettings): boolean;
	register(
		this: IHookFunctions,
		assistantId: number,
		url: string,
		settings: EventSettings,
	): Promise<void>;
	unregister(this: IHookFunctions, assistantId: number): Promise<void>;
	/** Puts a replaced webhook back; false when too little was recorded to do so. */
	restore(this: IHookFunctions, assistantId: number, replaced: ReplacedWebhook): Promise<boolean>;
}

function isActive(value: unknown): boolean {
	return value === true || value === 1 || value === '1';
}

function urlField(assistant: IDataObject, field: string): string | null | undefined {
	if (!(field in assistant)) return undefined;
	const value = assistant[field];
	return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Setting or clearing a webhook has the same effect when repeated, so a lost answer may be retried. */
async function post(this: IHookFunctions, path: string, body: IDataObject): Promise<void> {
	await famulorApiRequest.call(this, { method: 'POST', path, body, safeToRepeat: true });
}

/** The post-call flags of the assistant update (https://docs.famulor.de/en/api-reference/assistants/update). */
const POST_CALL_FLAGS = [
	'is_webhook_active',
	'send_webhook_only_on_completed',
	'include_recording_in_webhook',
] as const;

const POST_CALL = ASSISTANT_WEBHOOKS.post_call;

const postCall: EventWebhook = {
	label: POST_CALL.label,
	requiresHttps: POST_CALL.requiresHttps,
	currentTarget: (assistant) => urlField(assistant, POST_CALL.urlField),
	replacedState(assistant, url) {
		const flags: IDataObject = {};
		for (const flag of POST_CALL_FLAGS) flags[flag] = isActive(assistant[flag]);
		return { url, flags };
	},
	deliversAsConfigured(assistant, settings) {
		if (!isActive(assistant.is_webhook_active)) return false;
		// Options changed since the registration: let create apply them.
		if (
			settings.onlyCompleted !== undefined &&
			isActive(assistant.send_webhook_only_on_completed) !== settings.onlyCompleted
		)
			return false;
		if (
			settings.includeRecording !== undefined &&
			isActive(assistant.include_recording_in_webhook) !== settings.includeRecording
		)
			return false;
		return true;
	},
	async register(assistantId, url, settings) {
		const body: IDataObject = { is_webhook_active: true, [POST_CALL.urlField]: url };
		if (settings.onlyCompleted !== undefined)
			body.send_webhook_only_on_completed = settings.onlyCompleted;
		if (settings.includeRecording !== undefined)
			body.include_recording_in_webhook = settings.includeRecording;
		// No safeToRepeat: a PUT is repeated by the transport anyway (it sets, it does not add).
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: assistantUpdatePath(assistantId),
			body,
		});
	},
	async unregister(assistantId) {
		await post.call(this, POST_CALL.disablePath, { assistant_id: assistantId });
	},
	async restore(assistantId, replaced) {
		// Registrations of older versions recorded only the URL, not whether it was active.
		if (!replaced.flags) return false;
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: assistantUpdatePath(assistantId),
			body: { [POST_CALL.urlField]: replaced.url, ...replaced.flags },
		});
		return true;
	},
};

/** A webhook kept as one URL field, set by an enable endpoint and cleared by a disable endpoint. */
function urlOnlyWebhook(webhook: EndpointWebhook): EventWebhook {
	const {
		label,
		urlField: field,
		enablePath,
		disablePath,
		requiresHttps,
	} = ASSISTANT_WEBHOOKS[webhook];
	return {
		label,
		requiresHttps,
		currentTarget: (assistant) => urlField(assistant, field),
		replacedState: (_assistant, url) => ({ url }),
		deliversAsConfigured: () => true,
		async register(assistantId, url) {
			await post.call(this, enablePath, { assistant_id: assistantId, webhook_url: url });
		},
		async unregister(assistantId) {
			await post.call(this, disablePath, { assistant_id: assistantId });
		},
		async restore(assistantId, replaced) {
			await post.call(this, enablePath, { assistant_id: assistantId, webhook_url: replaced.url });
			return true;
		},
	};
}

// The inbound events clear the inbound URL only: disable-webhook would clear the post-call fields and
// leave the inbound URL in place.
const inbound = urlOnlyWebhook('inbound');

export const EVENT_WEBHOOKS: Record<RegisteredEvent, EventWebhook> = {
	callCompleted: postCall,
	inboundCall: inbound,
	inboundCallCompleted: inbound,
	conversationEnded: urlOnlyWebhook('conversation_ended'),
};
