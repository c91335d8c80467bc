/** This trigger node's webhook URL, and whether Famulor's servers can deliver to it. */
import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE, normalizeBaseUrl, type FamulorCredentials } from '../shared/transport';
import { EVENT_WEBHOOKS } from './events';
import { deliveryProblem, deliveryProblemMessage } from './reachability';
import { withoutQuery } from './secret';
import { isRegisteredEvent, type RegisteredEvent } from './state';

type TriggerEvent = RegisteredEvent | 'whatsAppMessageStatus' | 'midCallTool';

/** This trigger node's webhook URL, as n8n gives it for the current mode (production or test). */
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

/** What Famulor sends for each event, as the delivery check names it. */
function deliveryLabel(event: TriggerEvent): string {
	if (event === 'midCallTool') return "mid-call tool's requests";
	if (event === 'whatsAppMessageStatus') return 'read receipts';
	return EVENT_WEBHOOKS[event].label;
}

/** Refuses, before anything is registered, a webhook URL Famulor's servers cannot deliver to (reachability.ts). */
export async function checkDeliverable(this: IHookFunctions, event: TriggerEvent): Promise<void> {
	const webhookUrl = nodeWebhookUrl.call(this);
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE)) as FamulorCredentials;
	const serviceUrl = normalizeBaseUrl(this.getNode(), credentials.baseUrl);
	const requiresHttps = isRegisteredEvent(event) && EVENT_WEBHOOKS[event].requiresHttps;
	const problem = deliveryProblem(webhookUrl, serviceUrl, requiresHttps);
	if (problem === undefined) return;
	const delivery = { event, label: deliveryLabel(event), url: withoutQuery(webhookUrl) };
	throw new NodeOperationError(this.getNode(), deliveryProblemMessage(problem, delivery));
}
