import { switchVariant, type SwitchSpec } from './webhookSwitch';

/** Turns off the post-call webhook only (https://docs.famulor.de/en/api-reference/assistants/disable-webhook). */
const spec: SwitchSpec = {
	operation: 'disableWebhook',
	webhook: 'post_call',
	assistantDescription: 'The assistant whose post-call webhook is turned off',
};

export const variant = switchVariant(spec);

/** Version 1 outputs the service's answer as it comes. */
export const { description, prepare, execute } = variant();
