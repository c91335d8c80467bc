import { updateDisplayOptions, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { assistantLocator } from '../../../shared/descriptions';
import { requestCursorList } from '../../../shared/transport';
import { checkId, checkOneOf, requireText, type FieldName } from '../../validation';
import { filteredListProperties, readListLimit, type FilteredListPlan } from '../common';
import type { OperationResult } from '../types';

export const CONVERSATION_TYPES = ['test', 'widget', 'whatsapp', 'api'] as const;

const properties = filteredListProperties([
	{ ...assistantLocator('assistantId', 'Only conversations of this assistant'), required: false },
	{
		displayName: 'Customer Phone',
		name: 'customerPhone',
		type: 'string',
		default: '',
		placeholder: '+4915112345678',
		description: 'Only conversations with this customer phone number (exact match)',
	},
	{
		displayName: 'External Identifier',
		name: 'externalIdentifier',
		type: 'string',
		default: '',
		description: 'Only API conversations linked to this external reference',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'whatsapp',
		description: 'Only conversations of this channel',
		options: [
			{ name: 'API', value: 'api', description: 'Created through the API' },
			{ name: 'Test', value: 'test', description: 'Internal test chats' },
			{ name: 'WhatsApp', value: 'whatsapp', description: 'WhatsApp business conversations' },
			{ name: 'Widget', value: 'widget', description: 'Web chat widget' },
		],
	},
	{
		displayName: 'WhatsApp Sender Phone',
		name: 'whatsappSenderPhone',
		type: 'string',
		default: '',
		placeholder: '+4930123456',
		description: 'Only conversations of this WhatsApp sender number (exact match)',
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['conversation'], operation: ['getAll'] } },
	properties,
);

/** Text filters sent as given (exact match on the service side); an added but empty filter is refused. */
const TEXT_FILTERS: Array<{ name: string; label: string; field: string }> = [
	{ name: 'customerPhone', label: 'Customer Phone', field: 'customer_phone' },
	{ name: 'whatsappSenderPhone', label: 'WhatsApp Sender Phone', field: 'whatsapp_sender_phone' },
	{ name: 'externalIdentifier', label: 'External Identifier', field: 'external_identifier' },
];

function readFilters(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const values = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	if (values.type !== undefined) {
		qs.type = checkOneOf.call(
			this,
			itemIndex,
			{ label: 'Type', field: 'type' },
			values.type,
			CONVERSATION_TYPES,
		);
	}
	if (values.assistantId !== undefined) {
		const assistant: FieldName = { label: 'Assistant', field: 'assistant_id' };
		qs.assistant_id = checkId.call(
			this,
			itemIndex,
			assistant,
			this.getNodeParameter('filters.assistantId', itemIndex, '', { extractValue: true }),
		);
	}
	for (const filter of TEXT_FILTERS) {
		if (values[filter.name] === undefined) continue;
		qs[filter.field] = requireText.call(this, itemIndex, filter, values[filter.name]).trim();
	}
	return qs;
}

/** Cursor pagination; one item per conversation. */
export function prepare(this: IExecuteFunctions, itemIndex: number): FilteredListPlan {
	return { qs: readFilters.call(this, itemIndex), limit: readListLimit.call(this, itemIndex) };
}

export async function execute(
	this: IExecuteFunctions,
	{ qs, limit }: FilteredListPlan,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestCursorList.call(this, {
		path: '/api/user/conversations',
		qs,
		limit,
		itemIndex,
	});
}
