import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	NodeOperationError,
} from 'n8n-workflow';

import { phoneNumberLocator } from '../../../shared/descriptions';

import {
	checkBoolean,
	checkId,
	checkIdList,
	checkOneOf,
	invalid,
	requireText,
	type FieldName,
} from '../../validation';
import type { AssistantVersion, BodyInput, SchemaPart } from './bodyBuilder';
import { variablesProperty } from '../common';
import { locatorInput, postCallSchemaStep, variablesStep } from './bodyBuilder';
import { fieldsOf } from './fields';
import { POST_CALL_SCHEMA_TYPES, postCallSchemaProperty, type AssistantMode } from './sharedFields';

/**
 * Node version 1's assistant, as the seed specification (the API docs of February 2026) has it: its
 * column of the field table (fields.ts), and the parameters its body steps read by hand, the phone
 * number, the tool IDs and the webhook, each with its Remove switch on update.
 */

/**
 * Parameters read by hand in the steps below (besides the shared ones), because their values need
 * shaping beyond one rule.
 */
export const SPECIAL = {
	phoneNumberId: 'phoneNumberId',
	toolIds: 'toolIds',
	removePhoneNumber: 'removePhoneNumber',
	removeWebhook: 'removeWebhook',
	removeAllTools: 'removeAllTools',
} as const;

function specialProperties(mode: AssistantMode): INodeProperties[] {
	const toolHelp =
		mode === 'create'
			? 'IDs of mid-call tools (actions) of this account, comma-separated (e.g. "3, 7") or an array from an expression'
			: 'IDs of mid-call tools, comma-separated (e.g. "3, 7") or an array. The list REPLACES every tool the assistant has. To remove all tools, turn on "Remove All Tools" instead (an empty value here is refused, so tools are never removed by accident).';
	return [
		{
			...phoneNumberLocator(
				SPECIAL.phoneNumberId,
				'Phone number of this account assigned to the assistant',
			),
			required: false,
		},
		{
			displayName: 'Tool IDs',
			name: SPECIAL.toolIds,
			type: 'string',
			default: '',
			placeholder: 'e.g. 3, 7',
			description: toolHelp,
		},
		variablesProperty('Custom variables of the assistant as key-value pairs, usable in its prompt'),
		postCallSchemaProperty({
			namePlaceholder: 'e.g. appointment_booked',
			name: 'Key of the extracted value (lowercase letters, digits, underscores)',
			description: 'What to extract, for the AI',
		}),
	];
}

const UPDATE_ONLY: INodeProperties[] = [
	{
		displayName: 'Remove Phone Number',
		name: SPECIAL.removePhoneNumber,
		type: 'boolean',
		default: true,
		description: 'Whether to unassign the phone number (sends phone_number_id null)',
	},
	{
		displayName: 'Remove Webhook',
		name: SPECIAL.removeWebhook,
		type: 'boolean',
		default: true,
		description:
			'Whether to remove the post-call webhook (sends webhook_url null and is_webhook_active false)',
	},
	{
		displayName: 'Remove All Tools',
		name: SPECIAL.removeAllTools,
		type: 'boolean',
		default: true,
		description:
			'Whether to remove every mid-call tool from the assistant (sends tool_ids as an empty list)',
	},
];

function has(values: IDataObject, name: string): boolean {
	return values[name] !== undefined;
}

function conflict(
	this: IExecuteFunctions,
	itemIndex: number,
	name: FieldName,
	other: string,
): NodeOperationError {
	return invalid.call(
		this,
		itemIndex,
		name,
		`cannot be combined with ${other}; use one or the other`,
	);
}

function phoneNumber(
	this: IExecuteFunctions,
	{ itemIndex, values }: BodyInput,
	body: IDataObject,
): void {
	const name = { label: 'Phone Number', field: 'phone_number_id' };
	const remove =
		has(values, SPECIAL.removePhoneNumber) &&
		checkBoolean.call(
			this,
			itemIndex,
			{ label: 'Remove Phone Number', field: 'phone_number_id' },
			values[SPECIAL.removePhoneNumber],
		);
	if (remove && has(values, SPECIAL.phoneNumberId))
		throw conflict.call(this, itemIndex, name, 'Remove Phone Number');
	if (remove) body.phone_number_id = null;
	else if (has(values, SPECIAL.phoneNumberId))
		body.phone_number_id = checkId.call(
			this,
			itemIndex,
			name,
			locatorInput(values[SPECIAL.phoneNumberId]),
		);
}

function tools(
	this: IExecuteFunctions,
	{ itemIndex, values, mode }: BodyInput,
	body: IDataObject,
): void {
	const name = { label: 'Tool IDs', field: 'tool_ids' };
	const removeAll =
		has(values, SPECIAL.removeAllTools) &&
		checkBoolean.call(
			this,
			itemIndex,
			{ label: 'Remove All Tools', field: 'tool_ids' },
			values[SPECIAL.removeAllTools],
		);
	if (removeAll && has(values, SPECIAL.toolIds))
		throw conflict.call(this, itemIndex, name, 'Remove All Tools');
	if (removeAll) {
		body.tool_ids = [];
		return;
	}
	if (!has(values, SPECIAL.toolIds)) return;
	const ids = checkIdList.call(this, itemIndex, name, values[SPECIAL.toolIds]);
	if (ids.length > 0) body.tool_ids = ids;
	else if (mode === 'update') {
		throw invalid.call(
			this,
			itemIndex,
			name,
			'is empty; it would remove every tool. To do that, turn on "Remove All Tools" instead',
		);
	}
}

function webhook(
	this: IExecuteFunctions,
	{ itemIndex, values }: BodyInput,
	body: IDataObject,
): void {
	const remove =
		has(values, SPECIAL.removeWebhook) &&
		checkBoolean.call(
			this,
			itemIndex,
			{ label: 'Remove Webhook', field: 'webhook_url' },
			values[SPECIAL.removeWebhook],
		);
	if (remove) {
		if (body.webhook_url !== undefined)
			throw conflict.call(
				this,
				itemIndex,
				{ label: 'Webhook URL', field: 'webhook_url' },
				'Remove Webhook',
			);
		if (body.is_webhook_active === true)
			throw conflict.call(
				this,
				itemIndex,
				{ label: 'Webhook Active', field: 'is_webhook_active' },
				'Remove Webhook',
			);
		body.webhook_url = null;
		body.is_webhook_active = false;
	}
	if (body.is_webhook_active === true && typeof body.webhook_url !== 'string') {
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'Webhook URL', field: 'webhook_url' },
			'is required when Webhook Active (is_webhook_active) is on',
		);
	}
}

function postCallSchemaItem(
	this: IExecuteFunctions,
	itemIndex: number,
	item: IDataObject,
	at: SchemaPart,
): IDataObject {
	return {
		name: requireText.call(this, itemIndex, at('name', 'Name'), item.name).trim(),
		type: checkOneOf.call(this, itemIndex, at('type', 'Type'), item.type, POST_CALL_SCHEMA_TYPES),
		description: requireText.call(
			this,
			itemIndex,
			at('description', 'Description'),
			item.description,
		),
	};
}

export const ASSISTANT_V1: AssistantVersion = {
	...fieldsOf('v1'),
	collectionOptions: (mode) => [
		...specialProperties(mode),
		...(mode === 'update' ? UPDATE_ONLY : []),
	],
	steps: [phoneNumber, tools, webhook, postCallSchemaStep(postCallSchemaItem), variablesStep],
};
