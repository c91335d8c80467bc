import type { IDataObject, IExecuteFunctions, NodeOperationError } from 'n8n-workflow';

import { checkMaxLength, checkOneOf, checkPattern, invalid, requireText } from '../../validation';
import type { AssistantVersion, BodyInput, SchemaPart } from './bodyBuilder';
import { postCallSchemaStep, variablesStep } from './bodyBuilder';
import { variablesProperty } from '../common';
import { clearFields, clearFieldsProperty } from './clearFields';
import { fieldsOf } from './fields';
import { fillerConfig, fillerConfigProperty } from './fillerPhrases';
import { MODEL_FIELDS } from './identityFields';
import { POST_CALL_SCHEMA_TYPES, postCallSchemaProperty } from './sharedFields';
import { builtinToolsProperty, readBuiltinTools } from './tools';

/**
 * Node version 2's assistant, by the current API's rules
 * (https://docs.famulor.de/en/api-reference/assistants/create, .../update): its column of the field
 * table (fields.ts), Filler Phrases, Built-In Tools and, on update, Fields to Clear beside them, and
 * its body steps: the model placed by engine mode, filler phrases, built-in tools, fields to clear,
 * and the rules of the modes.
 */

const POST_CALL_NAME = /^[a-z0-9_]{3,16}$/;

/** The model picker's ID goes to the field of the mode; without a mode (update) the model cannot be placed. */
function placeModel(this: IExecuteFunctions, { itemIndex }: BodyInput, body: IDataObject): void {
	const model = body.model;
	delete body.model;
	if (model === undefined) {
		if (body.mode !== undefined)
			throw invalid.call(
				this,
				itemIndex,
				{ label: 'Model', field: MODEL_FIELDS },
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

function postCallSchemaItem(
	this: IExecuteFunctions,
	itemIndex: number,
	item: IDataObject,
	at: SchemaPart,
): IDataObject {
	const descriptionName = at('description', 'Description');
	const description = requireText.call(this, itemIndex, descriptionName, item.description);
	if ([...description].length < 3)
		throw invalid.call(this, itemIndex, descriptionName, 'must be 3 to 255 characters');
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
		description: checkMaxLength.call(this, itemIndex, descriptionName, description, 255),
	};
}

function builtinTools(
	this: IExecuteFunctions,
	{ itemIndex, values }: BodyInput,
	body: IDataObject,
): void {
	const tools = readBuiltinTools.call(this, itemIndex, values[builtinToolsProperty.name]);
	if (tools) body.tools = tools;
}

/**
 * On create an active webhook needs its URL; on update the stored one may serve, but it cannot
 * be cleared while active.
 */
function webhook(this: IExecuteFunctions, { itemIndex, mode }: BodyInput, body: IDataObject): void {
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
}

/** The rules of the engine modes (create page, "Notes"): checked when the mode is known. */
function modeRules(this: IExecuteFunctions, { itemIndex }: BodyInput, body: IDataObject): void {
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

export const ASSISTANT_V2: AssistantVersion = {
	...fieldsOf('v2'),
	collectionOptions: (mode) => [
		fillerConfigProperty,
		postCallSchemaProperty({
			namePlaceholder: 'e.g. appointment',
			name: '3 to 16 lower-case letters, digits or underscores',
			description: 'What to extract, for the AI (3 to 255 characters)',
		}),
		builtinToolsProperty,
		variablesProperty(
			'Custom variables of the assistant as key-value pairs, usable in its prompt as {{name}}',
		),
		...(mode === 'update' ? [clearFieldsProperty] : []),
	],
	steps: [
		placeModel,
		postCallSchemaStep(postCallSchemaItem),
		fillerConfig,
		builtinTools,
		variablesStep,
		clearFields,
		webhook,
		modeRules,
	],
};
