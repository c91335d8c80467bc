import { switchOutput, webhookSwitchOperation } from './webhookSwitch';

/**
 * Chats (widget, WhatsApp) report their end here; one URL per assistant
 * (https://docs.famulor.de/en/api-reference/assistants/enable-conversation-ended-webhook).
 */
export const { description, prepare, execute } = webhookSwitchOperation(
	{
		operation: 'enableConversationEndedWebhook',
		webhook: 'conversation_ended',
		assistantDescription: 'The assistant whose ended chats (widget or WhatsApp) are reported',
		url: {
			description:
				"HTTPS URL that receives a POST with the chat (transcript, extracted variables, attachments) when a chat has been inactive for the assistant's timeout; replaces the URL set before",
			placeholder: 'https://example.com/famulor-chat-ended',
		},
	},
	switchOutput,
);
