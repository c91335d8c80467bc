import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { parseId } from '../shared/ids';
import { MAX_PAGE_SIZE, pageNumberPages } from '../shared/transport';
import { conflict, describeTarget, displayUrl } from './conflicts';
import { EVENT_WEBHOOKS, type EventSettings } from './events';
import { lifecycleError } from './lifecycleErrors';
import { createTool, deleteTool, toolExists } from './midCallTool/toolLifecycle';
import { checkDeliverable, nodeWebhookUrl, webhookPathTail } from './nodeUrl';
import { mintSecret, urlWithSecret, withoutQuery } from './secret';
import { readSigningSecret } from './signature';
import {
	clearRegistration,
	isRegisteredEvent,
	readRegistration,
	readSecret,
	saveRegistration,
	type RegisteredEvent,
	type Registration,
	type ReplacedWebhook,
} from './state';

interface TriggerSettings extends EventSettings {
	assistantId: number;
	event: RegisteredEvent;
	replaceExisting: boolean;
}

/**
 * The event parameter; the read-receipt event registers nothing through the API, a mid-call tool
 * a tool (midCallTool/).
 */
function readEvent(
	this: IHookFunctions,
): RegisteredEvent | 'whatsAppMessageStatus' | 'midCallTool' {
	const event = this.getNodeParameter('event') as string;
	if (event === 'whatsAppMessageStatus' || event === 'midCallTool' || isRegisteredEvent(event))
		return event;
	throw new NodeOperationError(
		this.getNode(),
		`Parameter "Event" has an unknown value "${String(event)}": pick an event from the list`,
	);
}

function readSettings(this: IHookFunctions, event: RegisteredEvent): TriggerSettings {
	const rawId = this.getNodeParameter('assistantId', undefined, { extractValue: true });
	const assistantId = parseId(rawId);
	if (assistantId === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`Parameter "Assistant" must be a numeric assistant ID, got "${String(rawId ?? '')}"`,
		);
	}
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const flag = (name: string) => (typeof options[name] === 'boolean' ? options[name] : undefined);
	return {
		assistantId,
		event,
		// Only the post-call webhook has these settings (https://docs.famulor.de/en/api-reference/assistants/update).
		onlyCompleted: event === 'callCompleted' ? flag('onlyCompleted') : undefined,
		includeRecording: event === 'callCompleted' ? flag('includeRecording') : undefined,
		replaceExisting: options.replaceExisting === true,
	};
}

/**
 * The assistant's full record; the list is the only endpoint that returns webhook state
 * (https://docs.famulor.de/en/api-reference/assistants/list).
 */
async function findAssistant(
	this: IHookFunctions,
	assistantId: number,
	step: 'publish' | 'unpublish',
): Promise<IDataObject | undefined> {
	try {
		for await (const page of pageNumberPages.call(this, {
			path: '/api/user/assistants/get',
			perPage: MAX_PAGE_SIZE,
		})) {
			const found = page.find((record) => Number(record.id) === assistantId);
			if (found) return found;
		}
		return undefined;
	} catch (error) {
		throw lifecycleError(this.getNode(), error, `Looking up assistant #${assistantId}`, step);
	}
}

function assistantLabel(assistant: IDataObject, assistantId: number): string {
	return typeof assistant.name === 'string'
		? `"${assistant.name}" (#${assistantId})`
		: `#${assistantId}`;
}

/** True only when the assistant still sends to this node's URL with the secret stored for it. */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const event = readEvent.call(this);
	if (event === 'midCallTool') return await toolExists.call(this);
	// Read receipts: nothing to look up; create checks the signing secret on every activation.
	if (event === 'whatsAppMessageStatus') return false;
	const staticData = this.getWorkflowStaticData('node');
	const secret = readSecret(staticData);
	const registration = readRegistration(staticData);
	if (!secret || !registration) return false;
	const settings = readSettings.call(this, event);
	const expectedUrl = urlWithSecret(nodeWebhookUrl.call(this), secret);
	if (
		registration.assistantId !== settings.assistantId ||
		registration.event !== settings.event ||
		registration.url !== expectedUrl
	) {
		return false;
	}
	const assistant = await findAssistant.call(this, settings.assistantId, 'publish');
	const webhook = EVENT_WEBHOOKS[settings.event];
	if (!assistant) return false;
	const target = webhook.currentTarget(assistant);
	// Not reported by the service: the stored registration is all there is to go by.
	if (target !== undefined && target !== expectedUrl) return false;
	return webhook.deliversAsConfigured(assistant, settings);
}

/** Why another URL of this very node is in the way, and what to do about it. */
function ownOtherUrlMessage(this: IHookFunctions, label: string, webhookLabel: string): string {
	if (this.getMode() === 'manual') {
		return `This workflow is published, so assistant ${label} sends its ${webhookLabel} to the published trigger: unpublish the workflow to test this trigger (an assistant sends each webhook to one URL only), then publish it again afterwards`;
	}
	return `Assistant ${label} sends its ${webhookLabel} to this trigger's test URL ("Test this trigger" is listening): stop listening, then publish again`;
}

interface Takeover {
	settings: TriggerSettings;
	assistant: IDataObject;
	label: string;
	webhookUrl: string;
}

/**
 * What registering this node's URL would overwrite: nothing, our own earlier registration (whose
 * replaced webhook is still to be put back), or someone else's webhook, which is taken over only with
 * "Replace Existing Webhook" and recorded to be put back on unpublish. Throws when it must not happen.
 */
function webhookToReplace(
	this: IHookFunctions,
	{ settings, assistant, label, webhookUrl }: Takeover,
): ReplacedWebhook | null {
	const webhook = EVENT_WEBHOOKS[settings.event];
	const current = webhook.currentTarget(assistant);
	if (current === null) return null;
	if (current === undefined) {
		// The assistant record does not report this webhook, so someone else's URL cannot be ruled out.
		if (settings.replaceExisting) return null;
		throw conflict.call(
			this,
			`Famulor does not report which ${webhook.label} assistant ${label} has, so the trigger cannot make sure it does not overwrite someone else's: turn on the option "Replace Existing Webhook" to register anyway (an overwritten URL cannot be put back then)`,
		);
	}
	if (withoutQuery(current) === withoutQuery(webhookUrl)) {
		// Our own URL (e.g. options changed, or static data lost): what our registration replaced is still to be put back.
		const previous = readRegistration(this.getWorkflowStaticData('node'));
		const ours =
			previous &&
			previous.assistantId === settings.assistantId &&
			previous.event === settings.event &&
			previous.url === current;
		return ours ? previous.replaced : null;
	}
	if (webhookPathTail(current) === webhookPathTail(webhookUrl)) {
		// This node's other URL (production vs test): only one of them can receive.
		if (this.getMode() !== 'manual' && settings.replaceExisting) return null;
		throw conflict.call(this, ownOtherUrlMessage.call(this, label, webhook.label));
	}
	if (!settings.replaceExisting) {
		const { where, free } = describeTarget.call(this, current, webhookUrl);
		throw conflict.call(
			this,
			`Assistant ${label} already sends its ${webhook.label} to ${where}: ${free}, then try again; or turn on the option "Replace Existing Webhook" to take it over (it is put back when this workflow is unpublished)`,
		);
	}
	this.logger.warn(
		`Famulor trigger takes over the ${webhook.label} ${displayUrl(current)} of assistant ${label}; it is put back on unpublish`,
	);
	return webhook.replacedState(assistant, current);
}

/** Registers this node's URL with a fresh secret, unless that would overwrite a webhook it must not. */
async function createRegistration(this: IHookFunctions, event: RegisteredEvent): Promise<boolean> {
	const settings = readSettings.call(this, event);
	const webhook = EVENT_WEBHOOKS[event];
	const webhookUrl = nodeWebhookUrl.call(this);
	const assistant = await findAssistant.call(this, settings.assistantId, 'publish');
	if (!assistant) {
		throw new NodeOperationError(
			this.getNode(),
			`Assistant #${settings.assistantId} was not found in this Famulor account: pick the assistant from the list, or use the credential of the account it belongs to`,
		);
	}
	const label = assistantLabel(assistant, settings.assistantId);
	const replaced = webhookToReplace.call(this, { settings, assistant, label, webhookUrl });
	const secret = mintSecret();
	const url = urlWithSecret(webhookUrl, secret);
	try {
		await webhook.register.call(this, settings.assistantId, url, settings);
	} catch (error) {
		throw lifecycleError(
			this.getNode(),
			error,
			`Registering the ${webhook.label} on assistant ${label}`,
			'publish',
		);
	}
	saveRegistration(this.getWorkflowStaticData('node'), secret, {
		assistantId: settings.assistantId,
		event,
		url,
		replaced,
	});
	return true;
}

export async function create(this: IHookFunctions): Promise<boolean> {
	const event = readEvent.call(this);
	await checkDeliverable.call(this, event);
	if (event === 'midCallTool') return await createTool.call(this);
	if (event !== 'whatsAppMessageStatus') return await createRegistration.call(this, event);
	// Read receipts are set up in the Famulor dashboard; without the signing secret every delivery would be refused.
	readSigningSecret.call(this);
	return true;
}

/** Puts back what the registration replaced, else removes the webhook. */
async function unregister(this: IHookFunctions, registration: Registration): Promise<void> {
	const webhook = EVENT_WEBHOOKS[registration.event];
	if (
		registration.replaced &&
		(await webhook.restore.call(this, registration.assistantId, registration.replaced))
	) {
		this.logger.info(
			`Famulor trigger put back the ${webhook.label} ${displayUrl(registration.replaced.url)} of assistant #${registration.assistantId}`,
		);
		return;
	}
	await webhook.unregister.call(this, registration.assistantId);
}

/** Removes only what `create` registered, and only while the assistant still sends to it. */
export async function deleteRegistration(this: IHookFunctions): Promise<boolean> {
	// A published mid-call tool, whatever the event is set to now.
	await deleteTool.call(this);
	const staticData = this.getWorkflowStaticData('node');
	const registration = readRegistration(staticData);
	if (!registration) {
		clearRegistration(staticData);
		return true;
	}
	const webhook = EVENT_WEBHOOKS[registration.event];
	const assistant = await findAssistant.call(this, registration.assistantId, 'unpublish');
	const target = assistant ? webhook.currentTarget(assistant) : null;
	if (!assistant) {
		this.logger.info(
			`Famulor trigger: assistant #${registration.assistantId} no longer exists; nothing to remove`,
		);
	} else if (target !== undefined && target !== registration.url) {
		this.logger.warn(
			`Famulor trigger: assistant #${registration.assistantId} no longer sends its ${webhook.label} to this trigger; left unchanged`,
		);
	} else {
		try {
			await unregister.call(this, registration);
		} catch (error) {
			// Static data is kept, so a later activation still recognises the registration as ours.
			this.logger.error(
				`Famulor trigger: removing the ${webhook.label} of assistant #${registration.assistantId} failed`,
				{ error },
			);
			throw lifecycleError(
				this.getNode(),
				error,
				`Removing the ${webhook.label} of assistant #${registration.assistantId}`,
				'unpublish',
			);
		}
	}
	clearRegistration(staticData);
	return true;
}
