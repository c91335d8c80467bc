import { updateDisplayOptions, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { famulorApiRequest } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [assistantLocator('assistantId', 'The assistant whose post-call webhook is turned off')];

export const description = updateDisplayOptions({ show: { resource: ['assistant'], operation: ['disableWebhook'] } }, properties);

/** Turning the webhook off twice has the same effect, so the request may be repeated after a lost answer. */
export function prepare(this: IExecuteFunctions, itemIndex: number): IDataObject {
	return { assistant_id: readLocatorId.call(this, itemIndex, 'assistantId', { label: 'Assistant', field: 'assistant_id' }) };
}

export async function execute(this: IExecuteFunctions, body: IDataObject, itemIndex: number): Promise<OperationResult> {
	return await famulorApiRequest.call(this, {
		method: 'POST',
		path: '/api/user/assistants/disable-webhook',
		body,
		safeToRepeat: true,
		itemIndex,
	});
}
