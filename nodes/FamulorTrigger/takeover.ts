import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { conflict, describeTarget, displayUrl } from './conflicts';
import { EVENT_WEBHOOKS } from './events';
import { webhookPathTail } from './nodeUrl';
import { withoutQuery } from './secret';
import type { TriggerSettings } from './settings';
import { readRegistration, type ReplacedWebhook } from './state';

/** Why another URL of this very node is in the way, and what to do about it. */
function ownOtherUrlMessage(this: IHookFunctions, label: string, webhookLabel: string): string {
	if (this.getMode() === 'manual') {
		return `This workflow is published, so assistant ${label} sends its ${webhookLabel} to the published trigger: unpublish the workflow to test this trigger (an assistant sends each webhook to one URL only), then publish it again afterwards`;
	}
	return `Assistant ${label} sends its ${webhookLabel} to this trigger's test URL ("Test this trigger" is listening): stop listening, then publish again`;
}

export interface Takeover {
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
export function webhookToReplace(
	this: IHookFunctions,
	{ settings, assistant, label, webhookUrl }: Takeover,
): ReplacedWebhook | null {
	const webhook = EVENT_WEBHOOKS[settings.event];
	const current = webhook.currentTarget(assistant);
	if (current === null) return null;
	if (current === undefined) {
		// The assistant record does not report this webhook, so someone else's URL cannot be ruled
		// out.
		if (settings.replaceExisting) return null;
		throw conflict.call(
			this,
			`Famulor does not report which ${webhook.label} assistant ${label} has, so the trigger cannot make sure it does not overwrite someone else's: turn on the option "Replace Existing Webhook" to register anyway (an overwritten URL cannot be put back then)`,
		);
	}
	if (withoutQuery(current) === withoutQuery(webhookUrl)) {
		// Our own URL (e.g. options changed, or static data lost): what our registration replaced is
		// still to be put back.
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
