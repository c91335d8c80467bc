import type { INodeProperties } from 'n8n-workflow';

const ID_PATTERN = { type: 'regex' as const, properties: { regex: '^[1-9][0-9]*$', errorMessage: 'Enter a numeric ID, e.g. 42' } };

interface LocatorOptions {
	name: string;
	displayName: string;
	description: string;
	searchListMethod: string;
	required?: boolean;
}

/** A resource locator with "From List" (searchable) and "By ID" modes. */
function locator(options: LocatorOptions): INodeProperties {
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
				placeholder: 'e.g. 42',
				validation: [ID_PATTERN],
			},
		],
	};
}

export function assistantLocator(name = 'assistantId', description = 'The assistant to use'): INodeProperties {
	return locator({ name, displayName: 'Assistant', description, searchListMethod: 'searchAssistants' });
}

export function phoneNumberLocator(name = 'phoneNumberId', description = 'A phone number of this account'): INodeProperties {
	return locator({ name, displayName: 'Phone Number', description, searchListMethod: 'searchPhoneNumbers' });
}

export function knowledgeBaseLocator(name = 'knowledgeBaseId', description = 'The knowledge base'): INodeProperties {
	return locator({ name, displayName: 'Knowledge Base', description, searchListMethod: 'searchKnowledgeBases' });
}
