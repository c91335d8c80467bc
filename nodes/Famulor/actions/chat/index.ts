import * as createConversation from './createConversation.operation';
import * as getConversation from './getConversation.operation';
import * as sendMessage from './sendMessage.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	createConversation: {
		module: createConversation,
		name: 'Create Conversation',
		action: 'Create a chat conversation',
		description:
			"Start a chat with an assistant (widget: billed per message; test: free); returns the conversation ID and the assistant's first message",
	},
	sendMessage: {
		module: sendMessage,
		name: 'Send Message',
		action: 'Send a billed chat message',
		description:
			"Send a user message (max 2000 characters) to a chat conversation and get the assistant's reply",
	},
	getConversation: {
		module: getConversation,
		name: 'Get Conversation',
		action: 'Get a chat conversation',
		description: "Read a conversation's history (oldest first) and variables",
	},
} satisfies Record<string, OperationEntry>;

export const chat = {
	v2: buildResource('chat', 'sendMessage', {
		createConversation: entries.createConversation,
		sendMessage: entries.sendMessage,
		getConversation: entries.getConversation,
	}),
} satisfies VersionedResource;
