import type { INodeProperties } from 'n8n-workflow';

/** What the Resource dropdown calls each resource value; one entry per resource of any version. */
const RESOURCE_NAMES: Record<string, string> = {
	account: 'Account',
	aiReply: 'AI Reply',
	assistant: 'Assistant',
	call: 'Call',
	campaign: 'Campaign',
	chat: 'Chat',
	conversation: 'Conversation',
	document: 'Document',
	folder: 'Folder',
	knowledgeBase: 'Knowledge Base',
	label: 'Label',
	language: 'Language',
	lead: 'Lead',
	midCallTool: 'Mid-Call Tool',
	model: 'Model',
	phoneNumber: 'Phone Number',
	sipTrunk: 'SIP Trunk',
	sms: 'SMS',
	voice: 'Voice',
	whatsApp: 'WhatsApp',
};

/** The Resource dropdown of one node version: its resources, sorted by name. */
export function resourceProperty(
	resourceValues: string[],
	defaultResource: string,
): INodeProperties {
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
