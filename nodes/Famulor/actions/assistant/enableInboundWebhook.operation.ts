import { switchAnswerAsSent, webhookSwitchOperation, type SwitchSpec } from './webhookSwitch';

export const spec: SwitchSpec = {
	operation: 'enableInboundWebhook',
	webhook: 'inbound',
	assistantDescription: 'The assistant whose completed inbound calls are reported',
	url: {
		description: 'URL that receives a POST with the call data after each completed inbound call',
		placeholder: 'https://example.com/famulor-inbound',
	},
};

/** Version 1 outputs the service's answer as it comes. */
export const { description, prepare, execute } = webhookSwitchOperation(spec, switchAnswerAsSent);
