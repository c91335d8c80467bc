import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { ASSISTANT_WEBHOOKS, assistantUpdatePath } from '../../../shared/assistantWebhooks';
import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkBoolean } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';
import { readWebhookUrl, switchOutput, webhookUrlProperty, type SwitchPlan } from './webhookSwitch';

const POST_CALL = ASSISTANT_WEBHOOKS.post_call;

const properties: INodeProperties[] = [
	assistantLocator('assistantId', 'The assistant whose calls are reported'),
	webhookUrlProperty(
		'URL that receives a POST with the call data (extracted post-call values, transcript, recording) after each call',
		'https://example.com/famulor-post-call',
	),
	{
		displayName: 'Webhook Options',
		name: 'webhookOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Recording URL',
				name: 'includeRecording',
				type: 'boolean',
				default: true,
				description:
					"Whether the payload carries the call's recording URL (include_recording_in_webhook); when not added, the assistant's setting is kept",
			},
			{
				displayName: 'Only Completed Calls',
				name: 'onlyCompleted',
				type: 'boolean',
				default: true,
				description:
					"Whether only completed calls are sent, not busy, failed or unanswered ones (send_webhook_only_on_completed); when not added, the assistant's setting is kept",
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['enablePostCallWebhook'] } },
	properties,
);

type EnablePlan = SwitchPlan & { webhookUrl: string };

export function prepare(this: IExecuteFunctions, itemIndex: number): EnablePlan {
	const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', {
		label: 'Assistant',
		field: 'id',
	});
	const webhookUrl = readWebhookUrl.call(this, itemIndex, POST_CALL.requiresHttps);
	const options = this.getNodeParameter('webhookOptions', itemIndex, {}) as IDataObject;
	const body: IDataObject = { is_webhook_active: true, [POST_CALL.urlField]: webhookUrl };
	if (options.onlyCompleted !== undefined) {
		body.send_webhook_only_on_completed = checkBoolean.call(
			this,
			itemIndex,
			{ label: 'Only Completed Calls', field: 'send_webhook_only_on_completed' },
			options.onlyCompleted,
		);
	}
	if (options.includeRecording !== undefined) {
		body.include_recording_in_webhook = checkBoolean.call(
			this,
			itemIndex,
			{ label: 'Include Recording URL', field: 'include_recording_in_webhook' },
			options.includeRecording,
		);
	}
	return { assistantId, webhook: 'post_call', webhookUrl, body };
}

/**
 * The service has no enable endpoint for the post-call webhook: the assistant update sets `webhook_url`
 * and `is_webhook_active` (https://docs.famulor.de/en/api-reference/assistants/update). The same body sent
 * twice has the same effect, so the PUT may be repeated.
 */
export async function execute(
	this: IExecuteFunctions,
	plan: EnablePlan,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'PUT',
		path: assistantUpdatePath(plan.assistantId),
		body: plan.body,
		itemIndex,
	});
	return await switchOutput.call(this, response, plan, itemIndex);
}
