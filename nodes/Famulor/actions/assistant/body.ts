import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import {
	checkBoolean,
	checkId,
	checkIdList,
	checkMaxLength,
	checkOneOf,
	checkTimezone,
	checkRange,
	checkUrl,
	invalid,
	requireText,
	type FieldName,
} from '../../validation';
import { readVariables } from '../common';
import {
	OPTIONAL_FIELDS,
	POST_CALL_SCHEMA_TYPES,
	REQUIRED_FIELDS,
	SPECIAL,
	type AssistantField,
	type ValueRule,
} from './fields';

export type AssistantMode = 'create' | 'update';

function nameOf(entry: AssistantField): FieldName {
	return { label: entry.property.displayName, field: entry.field };
}

/** Checks a plain value against its rule (both API generations) and returns the value to send. */
export function checkValue(
	this: IExecuteFunctions,
	itemIndex: number,
	name: FieldName,
	rule: ValueRule,
	value: unknown,
): unknown {
	switch (rule.kind) {
		case 'text': {
			const text = requireText.call(this, itemIndex, name, value);
			return rule.max === undefined
				? text
				: checkMaxLength.call(this, itemIndex, name, text, rule.max);
		}
		case 'timezone':
			return checkTimezone.call(this, itemIndex, name, value);
		case 'url':
			return checkUrl.call(this, itemIndex, name, value);
		case 'boolean':
			return checkBoolean.call(this, itemIndex, name, value);
		case 'oneOf':
			return checkOneOf.call(this, itemIndex, name, value, rule.values);
		case 'number':
			return checkRange.call(this, itemIndex, name, value, rule.min, rule.max, rule.integer);
	}
}

/** Checks one field against its rule from the seed specification (the API docs of February 2026) and returns the value to send. */
function checkField(
	this: IExecuteFunctions,
	itemIndex: number,
	entry: AssistantField,
	value: unknown,
): unknown {
	const name = nameOf(entry);
	return entry.rule.kind === 'id'
		? checkId.call(this, itemIndex, name, value)
		: checkValue.call(this, itemIndex, name, entry.rule, value);
}

/** Sets `a.b` as `{a: {b}}`, the shape the service expects for end_call_tool.description. */
function setField(body: IDataObject, field: string, value: unknown): void {
	const [head, child] = field.split('.');
	if (child === undefined) {
		body[head] = value as IDataObject[string];
	} else {
		body[head] = {
			...((body[head] as IDataObject | undefined) ?? {}),
			[child]: value as IDataObject[string],
		};
	}
}

function has(values: IDataObject, name: string): boolean {
	return values[name] !== undefined;
}

/** A resource locator inside a collection arrives as `{__rl, mode, value}`. */
function locatorInput(value: unknown): unknown {
	return typeof value === 'object' && value !== null && 'value' in value
		? (value as { value: unknown }).value
		: value;
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

function postCallSchema(
	this: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
): IDataObject[] | undefined {
	const items = (value as { field?: IDataObject[] } | undefined)?.field;
	if (!Array.isArray(items)) return undefined;
	return items.map((item, index) => {
		const at = (part: string, label: string): FieldName => ({
			label: `Post-Call Schema ${label} (item ${index + 1})`,
			field: `post_call_schema[${index}].${part}`,
		});
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
	});
}

function phoneNumber(
	this: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
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
	itemIndex: number,
	values: IDataObject,
	body: IDataObject,
	mode: AssistantMode,
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
	itemIndex: number,
	values: IDataObject,
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

/**
 * Checks every value against the seed specification's rules and builds the JSON body. `values` holds the
 * parameters by name: on create the required top-level ones plus Additional Fields, on update the
 * Update Fields. `collection` is the collection's parameter name (for the variables pairs).
 */
export function buildAssistantBody(
	this: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	mode: AssistantMode,
	collection: string,
): IDataObject {
	const body: IDataObject = {};
	for (const entry of [...REQUIRED_FIELDS, ...OPTIONAL_FIELDS]) {
		const required = mode === 'create' && REQUIRED_FIELDS.includes(entry);
		if (!required && !has(values, entry.property.name)) continue;
		setField(
			body,
			entry.field,
			checkField.call(this, itemIndex, entry, values[entry.property.name]),
		);
	}
	phoneNumber.call(this, itemIndex, values, body);
	tools.call(this, itemIndex, values, body, mode);
	webhook.call(this, itemIndex, values, body);
	const schema = postCallSchema.call(this, itemIndex, values[SPECIAL.postCallSchema]);
	if (schema) body.post_call_schema = schema;
	const variables = readVariables.call(
		this,
		itemIndex,
		`${collection}.${SPECIAL.variables}`,
		'variables',
	);
	if (variables) body.variables = variables;
	if (mode === 'update' && Object.keys(body).length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			'Update Fields is empty: add at least one field to change',
			{ itemIndex },
		);
	}
	return body;
}
