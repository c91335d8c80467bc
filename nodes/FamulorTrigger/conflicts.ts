/**
 * A publish that would take over a webhook someone else holds: refused at the first look, with a
 * message that says where the assistant sends now (another trigger of this n8n, published or under
 * test, or elsewhere) and how to free it.
 */
import { WebhookPathTakenError, type IHookFunctions } from 'n8n-workflow';

import { withoutQuery } from './secret';

/** A URL for messages: its query may hold another integration's secret, so it is left out. */
export function displayUrl(url: string): string {
	return withoutQuery(url) === url ? url : `${withoutQuery(url)}?…`;
}

/**
 * A webhook that is in the way. n8n (2.40+) retries a failed activation four more times (1, 2, 4, 8 s)
 * unless the error is its "webhook path taken" error: a conflict is no hiccup, so it is refused at once.
 */
export function conflict(this: IHookFunctions, message: string): WebhookPathTakenError {
	const error = new WebhookPathTakenError(this.getNode().name);
	error.message = message;
	error.node = this.getNode();
	return error;
}

/**
 * Where an assistant's current webhook URL points and how to free it, for the conflict message:
 * another trigger of this n8n (same address up to n8n's webhook endpoint, then the trigger's webhook
 * ID) published or listening for a test event, or somewhere else.
 */
export function describeTarget(
	this: IHookFunctions,
	current: string,
	webhookUrl: string,
): { where: string; free: string } {
	// This node's URL: `<n8n address>/<endpoint>/<webhook ID>/<path>`.
	const ours = withoutQuery(webhookUrl).split('/');
	const instance = `${ours.slice(0, -3).join('/')}/`;
	const theirs = withoutQuery(current);
	if (!theirs.startsWith(instance))
		return {
			where: `${displayUrl(current)}, which is not this n8n`,
			free: 'remove that webhook in Famulor',
		};
	const [endpoint, webhookId] = theirs.slice(instance.length).split('/');
	const sameEndpoint = endpoint === ours.at(-3);
	const published = sameEndpoint !== (this.getMode() === 'manual');
	// n8n's URL names the trigger node's webhook ID (shown in that node's Webhook URLs), not its workflow.
	const trigger = `another trigger of this n8n${webhookId ? ` (webhook ID ${webhookId})` : ''}`;
	return published
		? {
				where: `${displayUrl(current)}, ${trigger}, published`,
				free: 'unpublish the workflow it belongs to',
			}
		: {
				where: `${displayUrl(current)}, the test URL of ${trigger}`,
				free: 'stop its "Test this trigger"',
			};
}
