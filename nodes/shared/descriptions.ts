import type { INodeProperties } from 'n8n-workflow';

export interface LocatorOptions {
	name: string;
	displayName: string;
	description: string;
	searchListMethod: string;
	required?: boolean;
	/** Example ID shown in "By ID" mode; default 42. */
	exampleId?: number;
	/** What the ID is called in the message for a non-numeric input; default "<display name> ID". */
	idNoun?: string;
	/** IDs that are UUIDs rather than numbers (conversations, the chat API's assistant). */
	uuid?: boolean;
}

const UUID_REGEX = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const EXAMPLE_UUID = '0f8c3a52-6d0e-4b7a-9c1d-2e3f4a5b6c7d';

/** A resource locator with "From List" (searchable) and "By ID" modes. */
export function locator(options: LocatorOptions): INodeProperties {
	const exampleId = options.uuid ? EXAMPLE_UUID : String(options.exampleId ?? 42);
	// Shown wherever n8n lists the node's issues too, so it names the field.
	const idNoun = options.idNoun ?? `${options.displayName.toLowerCase()} ID`;
	const errorMessage = options.uuid
		? `${options.displayName}: enter a UUID, e.g. ${exampleId}`
		: `${options.displayName}: enter a numeric ${idNoun}, e.g. ${exampleId}`;
	const regex = options.uuid ? UUID_REGEX : '^[1-9][0-9]*$';
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
				validation: [{ type: 'regex', properties: { regex, errorMessage } }],
			},
		],
	};
}

export function assistantLocator(
	name = 'assistantId',
	description = 'The assistant to use',
): INodeProperties {
	return locator({
		name,
		displayName: 'Assistant',
		description,
		searchListMethod: 'searchAssistants',
	});
}

/** Only assistants that can make outbound calls (the outbound list), for operations that start a call. */
export function outboundAssistantLocator(
	name = 'assistantId',
	description = 'The outbound assistant to use',
): INodeProperties {
	return locator({
		name,
		displayName: 'Assistant',
		description,
		searchListMethod: 'searchOutboundAssistants',
	});
}

/** A call of the account, newest first in the list. */
export function callLocator(description: string): INodeProperties {
	return locator({
		name: 'callId',
		displayName: 'Call',
		description,
		searchListMethod: 'searchCalls',
		exampleId: 480337,
		idNoun: 'call ID',
	});
}

export function phoneNumberLocator(
	name = 'phoneNumberId',
	description = 'A phone number of this account',
): INodeProperties {
	return locator({
		name,
		displayName: 'Phone Number',
		description,
		searchListMethod: 'searchPhoneNumbers',
	});
}

export function knowledgeBaseLocator(
	name = 'knowledgeBaseId',
	description = 'The knowledge base',
): INodeProperties {
	return locator({
		name,
		displayName: 'Knowledge Base',
		description,
		searchListMethod: 'searchKnowledgeBases',
	});
}

/** The WhatsApp sender: picked from the account's senders or given by ID. */
export function whatsAppSenderLocator(description: string): INodeProperties {
	return locator({
		name: 'senderId',
		displayName: 'Sender',
		description,
		searchListMethod: 'searchWhatsAppSenders',
		exampleId: 71,
		idNoun: 'sender ID',
	});
}

/** A WhatsApp template of the chosen sender (`senderId`), picked from its approved templates or given by ID. */
export function whatsAppTemplateLocator(description: string): INodeProperties {
	return {
		...locator({
			name: 'templateId',
			displayName: 'Template',
			description,
			searchListMethod: 'searchWhatsAppTemplates',
			exampleId: 7101,
			idNoun: 'template ID',
		}),
		typeOptions: { loadOptionsDependsOn: ['senderId.value'] },
	};
}

/** A phone number of the account that can send SMS (SMS-capable, active subscription). */
export function smsPhoneNumberLocator(description: string): INodeProperties {
	return locator({
		name: 'from',
		displayName: 'From Number',
		description,
		searchListMethod: 'searchSmsPhoneNumbers',
		exampleId: 11,
		idNoun: 'phone number ID',
	});
}

/** A conversation, by its UUID (the `id` of Get Many Conversations). */
export function conversationLocator(description: string): INodeProperties {
	return locator({
		name: 'conversationId',
		displayName: 'Conversation',
		description,
		searchListMethod: 'searchConversations',
		uuid: true,
	});
}

/** An assistant by its UUID, as the chat API takes it (not the numeric ID). */
export function assistantUuidLocator(description: string): INodeProperties {
	return locator({
		name: 'assistantUuid',
		displayName: 'Assistant',
		description,
		searchListMethod: 'searchAssistantUuids',
		uuid: true,
	});
}

export function campaignLocator(description: string): INodeProperties {
	return locator({
		name: 'campaignId',
		displayName: 'Campaign',
		description,
		searchListMethod: 'searchCampaigns',
		exampleId: 91,
		idNoun: 'campaign ID',
	});
}

export function leadLocator(description: string): INodeProperties {
	return locator({
		name: 'leadId',
		displayName: 'Lead',
		description,
		searchListMethod: 'searchLeads',
		exampleId: 911,
		idNoun: 'lead ID',
	});
}

/** A document of the knowledge base chosen in the `knowledgeBaseId` parameter. */
export function documentLocator(description: string): INodeProperties {
	return {
		...locator({
			name: 'documentId',
			displayName: 'Document',
			description,
			searchListMethod: 'searchDocuments',
			exampleId: 501,
			idNoun: 'document ID',
		}),
		typeOptions: { loadOptionsDependsOn: ['knowledgeBaseId.value'] },
	};
}

export function sipTrunkLocator(description: string): INodeProperties {
	return locator({
		name: 'sipTrunkId',
		displayName: 'SIP Trunk',
		description,
		searchListMethod: 'searchSipTrunks',
		exampleId: 14,
		idNoun: 'SIP trunk ID',
	});
}
