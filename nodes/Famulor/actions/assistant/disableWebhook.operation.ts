import { webhookSwitchOperation } from './webhookSwitch';

/** Turns off the post-call webhook only (https://docs.famulor.de/en/api-reference/assistants/disable-webhook). */
export const { description, prepare, execute } = webhookSwitchOperation({
	operation: 'disableWebhook',
	path: '/api/user/assistants/disable-webhook',
	webhook: 'post_call',
	assistantDescription: 'The assistant whose post-call webhook is turned off',
});
