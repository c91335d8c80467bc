import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { isLoopbackHost } from '../../../shared/loopback';
import { famulorApiRequest } from '../../../shared/transport';
import { checkUrl, invalid } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationModule, OperationResult } from '../types';

/** The three webhooks an assistant has: after every call, after inbound calls, after a chat ends. */
export type AssistantWebhook = 'post_call' | 'inbound' | 'conversation_ended';

/**
 * What every webhook switch outputs from version 2 on: which webhook of which assistant is now on or
 * off, and where it sends; the service's own answer is only a message with an empty `data`.
 */
export function switchOutput(
	assistantId: number,
	webhook: AssistantWebhook,
	webhookUrl: string | null,
	response: IDataObject,
): IDataObject {
	return {
		assistant_id: assistantId,
		webhook,
		enabled: webhookUrl !== null,
		webhook_url: webhookUrl,
		message: response.message ?? null,
	};
}

export function webhookUrlProperty(description: string, placeholder: string): INodeProperties {
	return {
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder,
		description,
	};
}

/** The webhook URL; `httpsOnly` adds the service's HTTPS rule (plain http only on loopback, for local tests). */
export function readWebhookUrl(
	this: IExecuteFunctions,
	itemIndex: number,
	httpsOnly = false,
): string {
	const name = { label: 'Webhook URL', field: 'webhook_url' };
	const url = checkUrl.call(this, itemIndex, name, this.getNodeParameter('webhookUrl', itemIndex));
	const { protocol, hostname } = new URL(url);
	if (httpsOnly && protocol !== 'https:' && !isLoopbackHost(hostname)) {
		throw invalid.call(
			this,
			itemIndex,
			name,
			`must start with https:// (the service sends chat-end data only to HTTPS URLs), got ${url}`,
		);
	}
	return url;
}

interface SwitchSpec {
	/** The Operation dropdown value. */
	operation: string;
	path: string;
	webhook: AssistantWebhook;
	assistantDescription: string;
	/** Set for the switches that turn a webhook on. */
	url?: { description: string; placeholder: string; httpsOnly?: boolean };
}

interface SwitchPlan {
	body: IDataObject;
	assistantId: number;
	webhookUrl: string | null;
}

/**
 * One of the POST /api/user/assistants/{enable|disable}-…-webhook switches
 * (https://docs.famulor.de/en/api-reference/assistants/enable-inbound-webhook and its siblings). Setting or
 * clearing a URL twice has the same effect, so the request may be repeated after a lost answer.
 * Version 1 outputs the service's answer as it comes (the seed specification (the API docs of
 * February 2026)); later versions output `switchOutput`.
 */
export function webhookSwitchOperation(spec: SwitchSpec): OperationModule<SwitchPlan> {
	const properties = [assistantLocator('assistantId', spec.assistantDescription)];
	if (spec.url) properties.push(webhookUrlProperty(spec.url.description, spec.url.placeholder));
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['assistant'], operation: [spec.operation] } },
			properties,
		),
		prepare(this: IExecuteFunctions, itemIndex: number): SwitchPlan {
			const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
				label: 'Assistant',
				field: 'assistant_id',
			});
			const webhookUrl = spec.url ? readWebhookUrl.call(this, itemIndex, spec.url.httpsOnly) : null;
			return {
				assistantId,
				webhookUrl,
				body: {
					assistant_id: assistantId,
					...(webhookUrl !== null ? { webhook_url: webhookUrl } : {}),
				},
			};
		},
		async execute(
			this: IExecuteFunctions,
			plan: SwitchPlan,
			itemIndex: number,
		): Promise<OperationResult> {
			const response = await famulorApiRequest.call(this, {
				method: 'POST',
				path: spec.path,
				body: plan.body,
				safeToRepeat: true,
				itemIndex,
			});
			return this.getNode().typeVersion === 1
				? response
				: switchOutput(plan.assistantId, spec.webhook, plan.webhookUrl, response);
		},
	};
}
