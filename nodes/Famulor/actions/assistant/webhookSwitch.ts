import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import {
	ASSISTANT_WEBHOOKS,
	type AssistantWebhook,
	type EndpointWebhook,
} from '../../../shared/assistantWebhooks';
import { assistantLocator } from '../../../shared/descriptions';
import { isLoopbackHost } from '../../../shared/loopback';
import { famulorApiRequest } from '../../../shared/transport';
import { checkUrl, invalid } from '../../validation';
import { readLocatorId } from '../common';
import { answerAsSent } from '../records';
import type { OperationModule, OperationResult } from '../types';
import { variantHook, type Variant, type VariantOutput } from '../variant';

/** What a switch sends, and what its output from version 2 on says. */
export interface SwitchPlan {
	body: IDataObject;
	assistantId: number;
	webhook: AssistantWebhook;
	webhookUrl: string | null;
}

/**
 * What every webhook switch outputs from version 2 on: which webhook of which assistant is now on or
 * off, and where it sends; the service's own answer is only a message with an empty `data`.
 */
export const switchOutput: VariantOutput<SwitchPlan> = (response, plan) => ({
	assistant_id: plan.assistantId,
	webhook: plan.webhook,
	enabled: plan.webhookUrl !== null,
	webhook_url: plan.webhookUrl,
	message: response.message ?? null,
});

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

/** A switch: turning a webhook off, or on (where an enable endpoint exists) with its URL field. */
export type SwitchSpec = {
	/** The Operation dropdown value. */
	operation: string;
	assistantDescription: string;
} & (
	| { webhook: AssistantWebhook; url?: undefined }
	| { webhook: EndpointWebhook; url: { description: string; placeholder: string } }
);

/**
 * One of the POST /api/user/assistants/{enable|disable}-…-webhook switches, its path and HTTPS rule
 * from `ASSISTANT_WEBHOOKS`
 * (https://docs.famulor.de/en/api-reference/assistants/enable-inbound-webhook and its siblings). Setting or
 * clearing a URL twice has the same effect, so the request may be repeated after a lost answer.
 * The node version picks the `output` (`switchVariant`).
 */
export function webhookSwitchOperation(
	spec: SwitchSpec,
	output: VariantOutput<SwitchPlan>,
): OperationModule<SwitchPlan> {
	const row = ASSISTANT_WEBHOOKS[spec.webhook];
	const path = spec.url ? ASSISTANT_WEBHOOKS[spec.webhook].enablePath : row.disablePath;
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
			const webhookUrl = spec.url ? readWebhookUrl.call(this, itemIndex, row.requiresHttps) : null;
			return {
				assistantId,
				webhook: spec.webhook,
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
				path,
				body: plan.body,
				safeToRepeat: true,
				itemIndex,
			});
			return await output.call(this, response, plan, itemIndex);
		},
	};
}

/** Version 1 outputs the service's answer as it comes (the seed specification). */
const VERSION_1: Pick<Variant<never, SwitchPlan>, 'outputs'> = { outputs: answerAsSent };

/** The variant hook of a switch that version 1 has; version 2 gives it `switchOutput`. */
export function switchVariant(spec: SwitchSpec) {
	return variantHook(VERSION_1, ({ outputs }) => webhookSwitchOperation(spec, outputs));
}
