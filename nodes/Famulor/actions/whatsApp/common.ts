import type { INodeProperties } from 'n8n-workflow';

import { PHONE_NUMBER_HINT } from '../../validation';

/** Version 1 sends the number exactly as given, so it must be E.164 already. */
export const recipientPhoneProperty: INodeProperties = {
	displayName: 'Recipient Phone',
	name: 'recipientPhone',
	type: 'string',
	required: true,
	default: '',
	placeholder: '+4917612345678',
	description: 'WhatsApp number of the customer, in E.164 format (plus sign, country code, number)',
};

/** Version 2 takes the number as people write it (checkPhoneNumber). */
export const recipientPhonePropertyV2: INodeProperties = {
	...recipientPhoneProperty,
	description: `WhatsApp number of the customer, ${PHONE_NUMBER_HINT}`,
};
