import type { INodeProperties } from 'n8n-workflow';

interface LocatorOptions {
	name: string;
	displayName: string;
	description: string;
	searchListMethod: string;
	required?: boolean;
	/** Example ID shown in "By ID" mode; default 42. */
	exampleId?: number;
	/** What the ID is called in the message for a non-numeric input; default "ID". */
	idNoun?: string;
}

/** A resource locator with "From List" (searchable) and "By ID" modes. */
function locator(options: LocatorOptions): INodeProperties {
	const exampleId = options.exampleId ?? 42;
	const errorMessage = `Enter a numeric ${options.idNoun ?? 'ID'}, e.g. ${exampleId}`;
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${exampleId}`,
				validation: [{ type: 'regex', properties: { regex: '^[1-9][0-9]*$', errorMessage } }],
			},
		],
	};
}

export function assistantLocator(name = 'assistantId', description = 'The assistant to use'): INodeProperties {
	return locator({ name, displayName: 'Assistant', description, searchListMethod: 'searchAssistants' });
}

/** Only assistants that can make outbound calls (the outbound list), for operations that start a call. */
export function outboundAssistantLocator(name = 'assistantId', description = 'The outbound assistant to use'): INodeProperties {
	return locator({ name, displayName: 'Assistant', description, searchListMethod: 'searchOutboundAssistants' });
}

/** A call of the account, newest first in the list. */
export function callLocator(description: string): INodeProperties {
	return locator({ name: 'callId', displayName: 'Call', description, searchListMethod: 'searchCalls', exampleId: 480337, idNoun: 'call ID' });
}

export function phoneNumberLocator(name = 'phoneNumberId', description = 'A phone number of this account'): INodeProperties {
	return locator({ name, displayName: 'Phone Number', description, searchListMethod: 'searchPhoneNumbers' });
}

export function knowledgeBaseLocator(name = 'knowledgeBaseId', description = 'The knowledge base'): INodeProperties {
	return locator({ name, displayName: 'Knowledge Base', description, searchListMethod: 'searchKnowledgeBases' });
}

/** The WhatsApp sender: picked from the account's senders or given by ID. */
export function whatsAppSenderLocator(description: string): INodeProperties {
	return locator({ name: 'senderId', displayName: 'Sender', description, searchListMethod: 'searchWhatsAppSenders', exampleId: 71, idNoun: 'sender ID' });
}

export function campaignLocator(description: string): INodeProperties {
	return locator({ name: 'campaignId', displayName: 'Campaign', description, searchListMethod: 'searchCampaigns', exampleId: 91, idNoun: 'campaign ID' });
}

export function leadLocator(description: string): INodeProperties {
	return locator({ name: 'leadId', displayName: 'Lead', description, searchListMethod: 'searchLeads', exampleId: 911, idNoun: 'lead ID' });
}

/** A document of the knowledge base chosen in the `knowledgeBaseId` parameter. */
export function documentLocator(description: string): INodeProperties {
	return locator({ name: 'documentId', displayName: 'Document', description, searchListMethod: 'searchDocuments', exampleId: 501, idNoun: 'document ID' });
}

export function sipTrunkLocator(description: string): INodeProperties {
	return locator({ name: 'sipTrunkId', displayName: 'SIP Trunk', description, searchListMethod: 'searchSipTrunks', exampleId: 14, idNoun: 'SIP trunk ID' });
}
