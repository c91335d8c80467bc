import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { checkUrl } from '../../validation';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [
	assistantLocator('assistantId', 'The assistant whose completed inbound calls are reported'),
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'https://example.com/famulor-inbound',
		description: 'URL that receives a POST with the call data after each completed inbound call',
	},
];

export const description = updateDisplayOptions({ show: { resource: ['assistant'], operation: ['enableInboundWebhook'] } }, properties);

/** Setting the URL again has the same effect, so the request may be repeated after a lost answer. */
export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', { label: 'Assistant', field: 'assistant_id' });
	const webhookUrl = checkUrl.call(this, itemIndex, { label: 'Webhook URL', field: 'webhook_url' }, this.getNodeParameter('webhookUrl', itemIndex));
	return { assistant_id: assistantId, webhook_url: webhookUrl };
}

export async function execute(this: IExecuteFunctions, body: IDataObject, itemIndex: number): Promise<OperationResult> {
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/user/assistants/enable-inbound-webhook',
		body,
		safeToRepeat: true,
		itemIndex,
	});
}
