import type { INodeProperties } from 'n8n-workflow';

/** What the Resource dropdown calls each resource value; one entry per resource of any version. */
const RESOURCE_NAMES: Record<string, string> = {
	aiReply: 'AI Reply',
	assistant: 'Assistant',
	call: 'Call',
	chat: 'Chat',
	conversation: 'Conversation',
	document: 'Document',
	folder: 'Folder',
	knowledgeBase: 'Knowledge Base',
	label: 'Label',
	language: 'Language',
	midCallTool: 'Mid-Call Tool',
	model: 'Model',
	phoneNumber: 'Phone Number',
	voice: 'Voice',
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
