import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';

import { assistantLabel, findAssistant } from './assistantRecord';
import { displayUrl } from './conflicts';
import { EVENT_WEBHOOKS } from './events';
import { lifecycleError } from './lifecycleErrors';
import { createTool, deleteTool, toolExists } from './midCallTool/toolLifecycle';
import { checkDeliverable, nodeWebhookUrl } from './nodeUrl';
import { mintSecret, urlWithSecret } from './secret';
import { readEvent, readSettings } from './settings';
import { readSigningSecret } from './signature';
import {
	clearRegistration,
	readRegistration,
	readSecret,
	saveRegistration,
	type RegisteredEvent,
	type Registration,
} from './state';
import { webhookToReplace } from './takeover';

/**
 * The trigger's webhook methods: whether its registration still stands, registering this node's URL
 * (what that would overwrite is takeover.ts's decision), and removing it again.
 */

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

/**
 * Registers this node's URL with a fresh secret, unless that would overwrite a webhook it must not
 * (takeover.ts).
 */
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
	// Read receipts are set up in the Famulor dashboard; without the signing secret every delivery
	// would be refused.
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
