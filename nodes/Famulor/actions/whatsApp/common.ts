import type { INodeProperties } from 'n8n-workflow';

/** The WhatsApp sender: picked from the account's senders or given by ID. */
export function senderLocator(description: string): INodeProperties {
	return {
		displayName: 'Sender',
		name: 'senderId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchWhatsAppSenders', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 71',
				validation: [{ type: 'regex', properties: { regex: '^[1-9][0-9]*$', errorMessage: 'Enter a numeric sender ID, e.g. 71' } }],
			},
		],
	};
}

export const recipientPhoneProperty: INodeProperties = {
	displayName: 'Recipient Phone',
	name: 'recipientPhone',
	type: 'string',
	required: true,
	default: '',
	placeholder: '+4917612345678',
	description: 'WhatsApp number of the customer, in E.164 format (plus sign, country code, number)',
};
