import { webhookSwitchOperation } from './webhookSwitch';

export const { description, prepare, execute } = webhookSwitchOperation({
	operation: 'enableInboundWebhook',
	path: '/api/user/assistants/enable-inbound-webhook',
	webhook: 'inbound',
	assistantDescription: 'The assistant whose completed inbound calls are reported',
	url: {
		description: 'URL that receives a POST with the call data after each completed inbound call',
		placeholder: 'https://example.com/famulor-inbound',
	},
});
