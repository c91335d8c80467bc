import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import {
	checkId,
	checkIdList,
	checkMaxLength,
	checkOneOf,
	checkPattern,
	invalid,
	requireText,
	type FieldName,
} from '../../validation';
import { readVariables } from '../common';
import { checkValue } from './body';
import {
	CLEARABLE,
	OPTIONAL_FIELDS,
	POST_CALL_SCHEMA_TYPES,
	REQUIRED_FIELDS,
	SPECIAL,
	type AssistantField,
} from './fields.v2';
import { readBuiltinTools } from './tools';

const POST_CALL_NAME = /^[a-z0-9_]{3,16}$/;

function nameOf(entry: AssistantField): FieldName {
	return {
		label: entry.property.displayName,
		field: entry.field === 'model' ? 'llm_model_id / multimodal_model_id' : entry.field,
	};
}

/** A resource locator inside a collection arrives as `{__rl, mode, value}`. */
function locatorInput(value: unknown): unknown {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value
		? (value as { value: unknown }).value
		: value;
}

function checkField(
	this: IExecuteFunctions,
	itemIndex: number,
	entry: AssistantField,
	value: unknown,
): unknown {
	const name = nameOf(entry);
	const rule = entry.rule;
	switch (rule.kind) {
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
		const description = requireText.call(
			this,
			itemIndex,
			at('description', 'Description'),
			item.description,
		);
		if ([...description].length < 3)
			throw invalid.call(
				this,
				itemIndex,
				at('description', 'Description'),
				'must be 3 to 255 characters',
			);
		return {
			name: checkPattern.call(
				this,
				itemIndex,
				at('name', 'Name'),
				item.name,
				POST_CALL_NAME,
				'3 to 16 lower-case letters, digits or underscores, e.g. appointment',
			),
			type: checkOneOf.call(this, itemIndex, at('type', 'Type'), item.type, POST_CALL_SCHEMA_TYPES),
			description: checkMaxLength.call(
				this,
				itemIndex,
				at('description', 'Description'),
				description,
				255,
			),
		};
	});
}

/** One phrase per line; empty categories are left out (the service keeps its defaults for them). */
function fillerConfig(value: unknown): IDataObject | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const config: IDataObject = {};
	for (const [category, text] of Object.entries(value as IDataObject)) {
		const phrases = String(text ?? '')
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line !== '');
		if (phrases.length > 0) config[category] = phrases;
	}
	return Object.keys(config).length > 0 ? config : undefined;
}

function clearFields(
	this: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	body: IDataObject,
): void {
	for (const choice of Array.isArray(value) ? (value as string[]) : []) {
		const clear = CLEARABLE[choice];
		if (!clear)
			throw invalid.call(
				this,
				itemIndex,
				{ label: 'Fields to Clear', field: choice },
				`has an unknown entry; use one of ${Object.keys(CLEARABLE).join(', ')}`,
			);
		if (body[clear.field] !== undefined) {
			throw invalid.call(
				this,
				itemIndex,
				{ label: choice, field: clear.field },
				'is both set and cleared; use one or the other',
			);
		}
		body[clear.field] = clear.value;
	}
}

/** The rules of the engine modes (create page, "Notes"): checked when the mode is known. */
function checkModeRules(this: IExecuteFunctions, itemIndex: number, body: IDataObject): void {
	if (body.mode === undefined || body.mode === 'pipeline') return;
	const only = (label: string, field: string, rule: string): NodeOperationError =>
		invalid.call(this, itemIndex, { label, field }, `${rule} in ${String(body.mode)} mode`);
	if (body.knowledgebase_mode === 'prompt')
		throw only('Knowledge Base Mode', 'knowledgebase_mode', 'must be Function Call');
	if (body.allow_interruptions === false)
		throw only('Allow Interruptions', 'allow_interruptions', 'cannot be turned off');
	if (body.fillers === true) throw only('Fillers', 'fillers', 'is not available (pipeline only)');
	if (body.filler_config !== undefined)
		throw only('Filler Phrases', 'filler_config', 'are not available (pipeline only)');
	if (typeof body.transcriber_provider_id === 'number')
		throw only('STT Provider', 'transcriber_provider_id', 'is not available (pipeline only)');
}

/** The model picker's ID goes to the field of the mode; without a mode (update) the model cannot be placed. */
function placeModel(this: IExecuteFunctions, itemIndex: number, body: IDataObject): void {
	const model = body.model;
	delete body.model;
	if (model === undefined) {
		if (body.mode !== undefined)
			throw invalid.call(
				this,
				itemIndex,
				{ label: 'Model', field: 'llm_model_id / multimodal_model_id' },
				'is required when Engine Mode is given: each mode needs its own model',
			);
		return;
	}
	if (body.mode === undefined)
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'Engine Mode', field: 'mode' },
			'is required with Model: it decides whether the model is sent as llm_model_id or multimodal_model_id',
		);
	body[body.mode === 'pipeline' ? 'llm_model_id' : 'multimodal_model_id'] = model;
}

/**
 * Checks every value against the current API's rules and builds the JSON body. `values` holds the
 * parameters by name: on create the required top-level ones plus Additional Fields, on update the
 * Update Fields. `collection` is the collection's parameter name (for the variables pairs).
 */
export function buildAssistantBodyV2(
	this: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	mode: 'create' | 'update',
	collection: string,
): IDataObject {
	const body: IDataObject = {};
	for (const entry of [...REQUIRED_FIELDS, ...OPTIONAL_FIELDS]) {
		const required = mode === 'create' && REQUIRED_FIELDS.includes(entry);
		if (!required && values[entry.property.name] === undefined) continue;
		body[entry.field] = checkField.call(
			this,
			itemIndex,
			entry,
			values[entry.property.name],
		) as IDataObject[string];
	}
	placeModel.call(this, itemIndex, body);
	const schema = postCallSchema.call(this, itemIndex, values[SPECIAL.postCallSchema]);
	if (schema) body.post_call_schema = schema;
	const fillers = fillerConfig(values[SPECIAL.fillerConfig]);
	if (fillers) body.filler_config = fillers;
	const tools = readBuiltinTools.call(this, itemIndex, values[SPECIAL.tools]);
	if (tools) body.tools = tools;
	const variables = readVariables.call(
		this,
		itemIndex,
		`${collection}.${SPECIAL.variables}`,
		'variables',
	);
	if (variables) body.variables = variables;
	clearFields.call(this, itemIndex, values[SPECIAL.clear], body);
	if (
		body.is_webhook_active === true &&
		typeof body.webhook_url !== 'string' &&
		mode === 'create'
	) {
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'Webhook URL', field: 'webhook_url' },
			'is required when Webhook Active (is_webhook_active) is on',
		);
	}
	if (body.is_webhook_active === true && body.webhook_url === null) {
		throw invalid.call(
			this,
			itemIndex,
			{ label: 'Webhook URL', field: 'webhook_url' },
			'cannot be cleared while Webhook Active (is_webhook_active) is on',
		);
	}
	checkModeRules.call(this, itemIndex, body);
	if (mode === 'update' && Object.keys(body).length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			'Update Fields is empty: add at least one field to change',
			{ itemIndex },
		);
	}
	return body;
}
