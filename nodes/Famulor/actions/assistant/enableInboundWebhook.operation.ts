import { switchVariant, type SwitchSpec } from './webhookSwitch';

const spec: SwitchSpec = {
	operation: 'enableInboundWebhook',
	webhook: 'inbound',
	assistantDescription: 'The assistant whose completed inbound calls are reported',
	url: {
		description: 'URL that receives a POST with the call data after each completed inbound call',
		placeholder: 'https://example.com/famulor-inbound',
	},
};

export const variant = switchVariant(spec);

/** Version 1 outputs the service's answer as it comes. */
export const { description, prepare, execute } = variant();
