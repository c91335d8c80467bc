import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { parseId } from '../shared/ids';
import { MAX_PAGE_SIZE, famulorApiRequest, pageNumberPages } from '../shared/transport';
import { mintSecret, urlWithSecret, withoutQuery } from './secret';
import {
	clearRegistration,
	readRegistration,
	readSecret,
	saveRegistration,
	type Registration,
	type TriggerEvent,
} from './state';

interface TriggerSettings {
	assistantId: number;
	event: TriggerEvent;
	/** undefined = option not added: the assistant's current setting is kept. */
	onlyCompleted?: boolean;
	includeRecording?: boolean;
	replaceExisting: boolean;
}

const EVENT_LABEL: Record<TriggerEvent, string> = {
	callCompleted: 'post-call',
	inboundCallCompleted: 'inbound-call',
};

function readSettings(this: IHookFunctions): TriggerSettings {
	const rawId = this.getNodeParameter('assistantId', undefined, { extractValue: true });
	const assistantId = parseId(rawId);
	if (assistantId === undefined) {
		throw new NodeOperationError(this.getNode(), `Parameter "Assistant" must be a numeric assistant ID, got "${String(rawId ?? '')}"`);
	}
	const event = this.getNodeParameter('event') as TriggerEvent;
	if (event !== 'callCompleted' && event !== 'inboundCallCompleted') {
		throw new NodeOperationError(this.getNode(), `Parameter "Event" has an unknown value "${String(event)}"`);
	}
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const flag = (name: string) => (typeof options[name] === 'boolean' ? options[name] : undefined);
	return {
		assistantId,
		event,
		// Only the post-call webhook has these settings (SPEC.md: assistant fields).
		onlyCompleted: event === 'callCompleted' ? flag('onlyCompleted') : undefined,
		includeRecording: event === 'callCompleted' ? flag('includeRecording') : undefined,
		replaceExisting: options.replaceExisting === true,
	};
}

function nodeWebhookUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(this.getNode(), 'n8n did not provide a webhook URL for this trigger');
	return url;
}

/** The assistant's full record; the list is the only endpoint that returns webhook state (SPEC.md). */
async function findAssistant(this: IHookFunctions, assistantId: number): Promise<IDataObject | undefined> {
	for await (const page of pageNumberPages.call(this, { path: '/api/user/assistants/get', perPage: MAX_PAGE_SIZE })) {
		const found = page.find((record) => Number(record.id) === assistantId);
		if (found) return found;
	}
	return undefined;
}

/** The URL the assistant currently sends this event to, or null. */
function currentTarget(assistant: IDataObject, event: TriggerEvent): string | null {
	const value = event === 'callCompleted' ? assistant.webhook_url : assistant.inbound_webhook_url;
	return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function isActive(value: unknown): boolean {
	return value === true || value === 1 || value === '1';
}

/** A URL for messages: its query may hold another integration's secret, so it is left out. */
function displayUrl(url: string): string {
	return withoutQuery(url) === url ? url : `${withoutQuery(url)}?…`;
}

/** `<webhookId>/<path>`: equal for the production and test URLs of the same trigger node. */
function webhookPathTail(url: string): string {
	return withoutQuery(url).split('/').slice(-2).join('/');
}

function assistantLabel(assistant: IDataObject, assistantId: number): string {
	return typeof assistant.name === 'string' ? `"${assistant.name}" (#${assistantId})` : `#${assistantId}`;
}

/** True only when the assistant still sends to this node's URL with the secret stored for it. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const secret = readSecret(staticData);
	const registration = readRegistration(staticData);
	if (!secret || !registration) return false;
	const settings = readSettings.call(this);
	const expectedUrl = urlWithSecret(nodeWebhookUrl.call(this), secret);
	if (registration.assistantId !== settings.assistantId || registration.event !== settings.event || registration.url !== expectedUrl) {
		return false;
	}
	const assistant = await findAssistant.call(this, settings.assistantId);
	if (!assistant || currentTarget(assistant, settings.event) !== expectedUrl) return false;
	if (settings.event === 'inboundCallCompleted') return true;
	if (!isActive(assistant.is_webhook_active)) return false;
	// Options changed since the registration: let create apply them.
	if (settings.onlyCompleted !== undefined && isActive(assistant.send_webhook_only_on_completed) !== settings.onlyCompleted) return false;
	if (settings.includeRecording !== undefined && isActive(assistant.include_recording_in_webhook) !== settings.includeRecording) return false;
	return true;
}

/**
 * Registers this node's URL with a fresh secret. Refuses to overwrite a webhook of someone else
 * unless "Replace Existing Webhook" is on; a URL of this very node (an earlier registration whose
 * static data was lost) is ours and is simply replaced.
 */
export async function create(this: IHookFunctions): Promise<boolean> {
	const settings = readSettings.call(this);
	const webhookUrl = nodeWebhookUrl.call(this);
	const assistant = await findAssistant.call(this, settings.assistantId);
	if (!assistant) {
		throw new NodeOperationError(this.getNode(), `Assistant #${settings.assistantId} was not found in this Famulor account`, {
			description: 'Pick the assistant from the list, or check the ID and the credential used by this trigger.',
		});
	}
	const label = assistantLabel(assistant, settings.assistantId);
	const current = currentTarget(assistant, settings.event);
	const foreign = current !== null && withoutQuery(current) !== withoutQuery(webhookUrl) ? current : null;
	if (foreign && !settings.replaceExisting) {
		const samePath = webhookPathTail(foreign) === webhookPathTail(webhookUrl);
		throw new NodeOperationError(
			this.getNode(),
			`Assistant ${label} already sends its ${EVENT_LABEL[settings.event]} webhook to ${displayUrl(foreign)}`,
			{
				description:
					(samePath
						? 'That is this trigger\'s other n8n URL (production or test): an assistant has one such webhook, so deactivate the workflow before listening for test events, or the other way round. '
						: 'The trigger never replaces a webhook it did not create. ') +
					'Remove that webhook in Famulor, or turn on the option "Replace Existing Webhook" to overwrite it (the replaced URL is not restored on deactivation).',
			},
		);
	}

	const secret = mintSecret();
	const url = urlWithSecret(webhookUrl, secret);
	if (settings.event === 'callCompleted') {
		const body: IDataObject = { is_webhook_active: true, webhook_url: url };
		if (settings.onlyCompleted !== undefined) body.send_webhook_only_on_completed = settings.onlyCompleted;
		if (settings.includeRecording !== undefined) body.include_recording_in_webhook = settings.includeRecording;
		await famulorApiRequest.call(this, { method: 'PUT', path: `/api/user/assistant/${settings.assistantId}`, body });
	} else {
		await famulorApiRequest.call(this, {
			method: 'POST',
			path: '/api/user/assistants/enable-inbound-webhook',
			body: { assistant_id: settings.assistantId, webhook_url: url },
			// Setting the same URL twice has one effect, so a lost answer may be retried.
			safeToRepeat: true,
		});
	}
	if (foreign) {
		this.logger.warn(`Famulor trigger replaced the ${EVENT_LABEL[settings.event]} webhook ${displayUrl(foreign)} of assistant ${label}`);
	}
	saveRegistration(this.getWorkflowStaticData('node'), secret, {
		assistantId: settings.assistantId,
		event: settings.event,
		url,
		replacedUrl: foreign,
	});
	return true;
}

/**
 * The post-call webhook is removed with disable-webhook (SPEC.md). For the inbound webhook SPEC.md
 * names only disable-webhook, but that endpoint clears the post-call fields (is_webhook_active,
 * webhook_url; API-FACTS §1.7) and would leave the inbound URL in place while destroying a post-call
 * webhook we never set. The service's docs (API-FACTS §8) describe disable-inbound-webhook for it.
 */
async function unregister(this: IHookFunctions, registration: Registration): Promise<void> {
	const path =
		registration.event === 'callCompleted' ? '/api/user/assistants/disable-webhook' : '/api/user/assistants/disable-inbound-webhook';
	await famulorApiRequest.call(this, {
		method: 'POST',
		path,
		body: { assistant_id: registration.assistantId },
		// Disabling twice has one effect.
		safeToRepeat: true,
	});
}

/** Removes only what `create` registered, and only while the assistant still sends to it. */
export async function deleteRegistration(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	if (!registration) {
		clearRegistration(staticData);
		return true;
	}
	try {
		const assistant = await findAssistant.call(this, registration.assistantId);
		const current = assistant ? currentTarget(assistant, registration.event) : null;
		if (!assistant) {
			this.logger.info(`Famulor trigger: assistant #${registration.assistantId} no longer exists; nothing to remove`);
		} else if (current !== registration.url) {
			this.logger.warn(
				`Famulor trigger: assistant #${registration.assistantId} no longer sends its ${EVENT_LABEL[registration.event]} webhook to this trigger; left unchanged`,
			);
		} else {
			await unregister.call(this, registration);
		}
	} catch (error) {
		// Static data is kept, so a later activation still recognises the registration as ours.
		this.logger.error(`Famulor trigger: removing the webhook of assistant #${registration.assistantId} failed`, { error });
		throw new NodeOperationError(this.getNode(), error as Error, {
			message: `Could not remove the ${EVENT_LABEL[registration.event]} webhook of assistant #${registration.assistantId}`,
		});
	}
	clearRegistration(staticData);
	return true;
}
