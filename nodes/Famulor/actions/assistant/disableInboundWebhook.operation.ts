import { webhookSwitchOperation } from './webhookSwitch';

/**
 * Clears `inbound_webhook_url`; the post-call webhook is unaffected
 * (https://docs.famulor.de/en/api-reference/assistants/disable-inbound-webhook).
 */
export const { description, prepare, execute } = webhookSwitchOperation({
	operation: 'disableInboundWebhook',
	path: '/api/user/assistants/disable-inbound-webhook',
	webhook: 'inbound',
	assistantDescription: 'The assistant whose inbound-call webhook is turned off',
});
