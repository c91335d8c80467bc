import { switchOutput, webhookSwitchOperation } from './webhookSwitch';

/**
 * Clears `inbound_webhook_url`; the post-call webhook is unaffected
 * (https://docs.famulor.de/en/api-reference/assistants/disable-inbound-webhook).
 */
export const { description, prepare, execute } = webhookSwitchOperation(
	{
		operation: 'disableInboundWebhook',
		webhook: 'inbound',
		assistantDescription: 'The assistant whose inbound-call webhook is turned off',
	},
	switchOutput,
);
