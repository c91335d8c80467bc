import type { INodeProperties } from 'n8n-workflow';

export const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'AI Reply', value: 'aiReply' },
		{ name: 'Assistant', value: 'assistant' },
		{ name: 'Call', value: 'call' },
		{ name: 'Conversation', value: 'conversation' },
		{ name: 'Document', value: 'document' },
		{ name: 'Knowledge Base', value: 'knowledgeBase' },
		{ name: 'Language', value: 'language' },
		{ name: 'Phone Number', value: 'phoneNumber' },
		{ name: 'WhatsApp', value: 'whatsApp' },
	],
	default: 'call',
};
