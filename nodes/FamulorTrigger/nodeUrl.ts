/** This trigger node's webhook URL, as n8n gives it for the current mode (production or test). */
import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';

import { withoutQuery } from './secret';

export function nodeWebhookUrl(this: IHookFunctions): string {
	const url = this.getNodeWebhookUrl('default');
	if (!url)
		throw new NodeOperationError(
			this.getNode(),
			'n8n did not provide a webhook URL for this trigger: save the workflow, then try again',
		);
	return url;
}

/** `<webhookId>/<path>`: equal for the production and test URLs of the same trigger node. */
export function webhookPathTail(url: string): string {
	return withoutQuery(url).split('/').slice(-2).join('/');
}
