import type { IDataObject, IExecuteFunctions, NodeOperationError } from 'n8n-workflow';

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
import { locatorInput, postCallSchemaStep, variablesStep } from './bodyBuilder';
import { FIELDS_V1, SPECIAL } from './fields';
import { POST_CALL_SCHEMA_TYPES } from './sharedFields';

/**
 * Node version 1's body steps, as the seed specification (the API docs of February 2026) has
 * them: the phone number, the tool IDs and the webhook, each with its Remove switch on update.
 */

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
	...FIELDS_V1,
	steps: [phoneNumber, tools, webhook, postCallSchemaStep(postCallSchemaItem), variablesStep],
};
