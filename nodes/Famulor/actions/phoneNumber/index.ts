import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as getAllSmsCapable from './getAllSmsCapable.operation';
import * as purchase from './purchase.operation';
import * as search from './search.operation';
import type { ResourceModule } from '../types';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['phoneNumber'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many phone numbers',
			description: 'List every phone number the account owns (ID, E.164 number, country, SMS capability, subscription state), one item per number',
		},
		{
			name: 'Get Many SMS-Capable',
			value: 'getAllSmsCapable',
			action: 'Get many SMS capable phone numbers',
			description: 'List only the owned numbers that can send SMS and have an active subscription (legacy endpoint)',
		},
		{
			name: 'Purchase',
			value: 'purchase',
			action: 'Purchase a phone number',
			description:
				'Buy an available number found with Search Available. Costs money: starts a non-refundable, auto-renewing monthly subscription. Only use when the user explicitly asked to buy this exact number.',
		},
		{
			name: 'Search Available',
			value: 'search',
			action: 'Search available phone numbers',
			description:
				'Find numbers that can be bought in a country (DE, US, CA, GB, AU, IL, PL, FI, NL, DK, IT), optionally containing given digits; shows the monthly price. Free and read-only.',
		},
	],
	default: 'getAll',
};

export const phoneNumber: ResourceModule = {
	description: [operationProperty, ...getAll.description, ...getAllSmsCapable.description, ...search.description, ...purchase.description],
	operations: { getAll, getAllSmsCapable, purchase, search },
};
