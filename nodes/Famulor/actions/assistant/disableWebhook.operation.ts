import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [assistantLocator('assistantId', 'The assistant whose post-call webhook is turned off')];

export const description = updateDisplayOptions({ show: { resource: ['assistant'], operation: ['disableWebhook'] } }, properties);

/** Turning the webhook off twice has the same effect, so the request may be repeated after a lost answer. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult> {
	const assistantId = readLocatorId.call(this, itemIndex, 'assistantId', { label: 'Assistant', field: 'assistant_id' });
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/user/assistants/disable-webhook',
		body: { assistant_id: assistantId },
		safeToRepeat: true,
		itemIndex,
	});
}
