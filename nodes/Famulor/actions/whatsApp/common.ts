import type { INodeProperties } from 'n8n-workflow';

export const recipientPhoneProperty: INodeProperties = {
	displayName: 'Recipient Phone',
	name: 'recipientPhone',
	type: 'string',
	required: true,
	default: '',
	placeholder: '+4917612345678',
	description: 'WhatsApp number of the customer, in E.164 format (plus sign, country code, number)',
};
