import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	checkBoolean,
	checkId,
	checkIdList,
	checkMaxLength,
	checkOneOf,
	checkRange,
	checkTimezone,
	checkUrl,
	invalid,
	requireFieldToChange,
	requireText,
	type FieldName,
} from '../../validation';
import { readVariables } from '../common';
import type { AssistantField, FieldRule, ValueRule } from './fieldKinds';
import { SHARED_PARAMETERS, type AssistantMode, type VersionFields } from './sharedFields';

/**
 * The body builder both node versions share: every field checked against its rule and placed
 * under its API field, then the version's steps for the parameters that need more shaping than
 * one rule, then the check that an update changes something.
 */

/**
 * What a body step reads: `values` holds the parameters by name (on create the required
 * top-level ones plus Additional Fields, on update the Update Fields); `collection` is the
 * collection's parameter name.
 */
export interface BodyInput {
	itemIndex: number;
	values: IDataObject;
	mode: AssistantMode;
	collection: string;
}

/** Adds to the body what one special parameter or cross-field rule of a version asks for. */
export type BodyStep = (this: IExecuteFunctions, input: BodyInput, body: IDataObject) => void;

/** One node version's assistant create/update: its fields and, in order, its body steps. */
export interface AssistantVersion extends VersionFields {
	steps: BodyStep[];
}

function nameOf(entry: AssistantField): FieldName {
	return { label: entry.property.displayName, field: entry.shownAs ?? entry.field };
}

/** A resource locator inside a collection arrives as `{__rl, mode, value}`. */
export function locatorInput(value: unknown): unknown {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value
		? (value as { value: unknown }).value
		: value;
}

function checkValue(
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

/** Checks a value against its rule and returns the value to send (the built-in tools use it too). */
export function checkRule(
	this: IExecuteFunctions,
	itemIndex: number,
	name: FieldName,
	rule: FieldRule,
	value: unknown,
): unknown {
	switch (rule.kind) {
		case 'id':
			return checkId.call(this, itemIndex, name, value);
		case 'picker': {
			const id = locatorInput(value);
			if (id === undefined || id === null || id === '')
				throw invalid.call(
					this,
					itemIndex,
					name,
					'is required: pick one from the list or enter its ID',
				);
			return checkId.call(this, itemIndex, name, id);
		}
		case 'idList':
			return checkIdList.call(this, itemIndex, name, value);
		default:
			return checkValue.call(this, itemIndex, name, rule, value);
	}
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

/** Checks every value against the version's rules and builds the JSON body. */
export function buildAssistantBody(
	this: IExecuteFunctions,
	version: AssistantVersion,
	input: BodyInput,
): IDataObject {
	const { itemIndex, values, mode } = input;
	const body: IDataObject = {};
	for (const entry of [...version.required, ...version.optional]) {
		const required = mode === 'create' && version.required.includes(entry);
		if (!required && values[entry.property.name] === undefined) continue;
		setField(
			body,
			entry.field,
			checkRule.call(this, itemIndex, nameOf(entry), entry.rule, values[entry.property.name]),
		);
	}
	for (const step of version.steps) step.call(this, input, body);
	if (mode === 'update') requireFieldToChange.call(this, itemIndex, body);
	return body;
}

/** Names one part of a Post-Call Schema item in messages. */
export type SchemaPart = (part: string, label: string) => FieldName;

/** Post-Call Schema as `post_call_schema`, each item read by the version's rules. */
export function postCallSchemaStep(
	readItem: (
		this: IExecuteFunctions,
		itemIndex: number,
		item: IDataObject,
		at: SchemaPart,
	) => IDataObject,
): BodyStep {
	return function (this: IExecuteFunctions, { itemIndex, values }, body) {
		const value = values[SHARED_PARAMETERS.postCallSchema];
		const items = (value as { field?: IDataObject[] } | undefined)?.field;
		if (!Array.isArray(items)) return;
		body.post_call_schema = items.map((item, index) =>
			readItem.call(this, itemIndex, item, (part, label) => ({
				label: `Post-Call Schema ${label} (item ${index + 1})`,
				field: `post_call_schema[${index}].${part}`,
			})),
		);
	};
}

/** The assistant's custom variables as `variables`. */
export function variablesStep(
	this: IExecuteFunctions,
	{ itemIndex, collection }: BodyInput,
	body: IDataObject,
): void {
	const variables = readVariables.call(
		this,
		itemIndex,
		`${collection}.${SHARED_PARAMETERS.variables}`,
		'variables',
	);
	if (variables) body.variables = variables;
}
