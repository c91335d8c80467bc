import { switchOutput, webhookSwitchOperation } from './webhookSwitch';

/** https://docs.famulor.de/en/api-reference/assistants/disable-conversation-ended-webhook */
export const { description, prepare, execute } = webhookSwitchOperation(
	{
		operation: 'disableConversationEndedWebhook',
		webhook: 'conversation_ended',
		assistantDescription: 'The assistant whose chat-end webhook is turned off',
	},
	switchOutput,
);
