import type { INodeProperties } from 'n8n-workflow';

/** What the Resource dropdown calls each resource value; one entry per resource of any version. */
const RESOURCE_NAMES: Record<string, string> = {
	account: 'Account',
	aiReply: 'AI Reply',
	assistant: 'Assistant',
	call: 'Call',
	campaign: 'Campaign',
	conversation: 'Conversation',
	document: 'Document',
	knowledgeBase: 'Knowledge Base',
	language: 'Language',
	lead: 'Lead',
	phoneNumber: 'Phone Number',
	sipTrunk: 'SIP Trunk',
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
