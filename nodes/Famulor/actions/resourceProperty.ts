import type { INodeProperties } from 'n8n-workflow';

/** What the Resource dropdown calls each resource value; one entry per resource of any version. */
const RESOURCE_NAMES: Record<string, string> = {
	aiReply: 'AI Reply',
	assistant: 'Assistant',
	call: 'Call',
	chat: 'Chat',
	conversation: 'Conversation',
	document: 'Document',
	knowledgeBase: 'Knowledge Base',
	language: 'Language',
	phoneNumber: 'Phone Number',
	sms: 'SMS',
	whatsApp: 'WhatsApp',
};

/** The Resource dropdown of one node version: its resources, sorted by name. */
export function resourceProperty(resourceValues: string[], defaultResource: string): INodeProperties {
	return {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resourceValues
			.map((value) => ({ name: RESOURCE_NAMES[value] ?? value, value }))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultResource,
	};
}
