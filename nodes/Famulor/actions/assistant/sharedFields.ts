import type { INodeProperties } from 'n8n-workflow';

import { flag, numeric, options, text, type AssistantField, type ValueField } from './fieldKinds';

/**
 * What both node versions' assistant fields have in common: the fields both API generations name,
 * bound and describe alike, the Post-Call Schema parameter, and how a version's fields become
 * Create's required parameters and the Additional Fields / Update Fields collection.
 */

export type AssistantMode = 'create' | 'update';

/** One version's assistant fields. */
export interface VersionFields {
	/** Required on create (top-level parameters there), optional on update. */
	required: AssistantField[];
	/** Optional on create ("Additional Fields") and on update ("Update Fields"). */
	optional: AssistantField[];
	/** The version's parameters in the collection beside its fields, read by its body steps. */
	collectionOptions(mode: AssistantMode): INodeProperties[];
}

export const SHARED_FIELDS = {
	timezone: {
		field: 'timezone',
		rule: { kind: 'timezone' },
		property: {
			displayName: 'Timezone',
			name: 'timezone',
			type: 'string',
			default: '',
			placeholder: 'Europe/Berlin',
			description: 'Time zone name shaped like Area/City, e.g. Europe/Berlin',
		},
	},
	systemPrompt: text(
		'System Prompt',
		'systemPrompt',
		'system_prompt',
		"Instructions that define the assistant's behaviour and personality",
		undefined,
		{ typeOptions: { rows: 6 } },
	),
	endpointSensitivity: numeric(
		'Endpoint Sensitivity',
		'endpointSensitivity',
		'endpoint_sensitivity',
		"How quickly the end of the caller's speech is detected, 0 to 5",
		{ min: 0, max: 5, default: 0.5 },
	),
	interruptSensitivity: numeric(
		'Interrupt Sensitivity',
		'interruptSensitivity',
		'interrupt_sensitivity',
		'How easily the caller interrupts the assistant, 0 to 5',
		{ min: 0, max: 5, default: 0.5 },
	),
	ambientSoundVolume: numeric(
		'Ambient Sound Volume',
		'ambientSoundVolume',
		'ambient_sound_volume',
		'Volume of the background sound, 0 to 1',
		{ min: 0, max: 1, default: 0.5 },
	),
	postCallEvaluation: flag(
		'Post-Call Evaluation',
		'postCallEvaluation',
		'post_call_evaluation',
		'Whether the call is evaluated after it ends',
		true,
	),
	sendWebhookOnlyOnCompleted: flag(
		'Send Webhook Only on Completed',
		'sendWebhookOnlyOnCompleted',
		'send_webhook_only_on_completed',
		'Whether the post-call webhook fires only for completed calls',
		true,
	),
	isWebhookActive: flag(
		'Webhook Active',
		'isWebhookActive',
		'is_webhook_active',
		'Whether the post-call webhook is sent; when on, Webhook URL is required',
		false,
	),
	llmTemperature: numeric(
		'LLM Temperature',
		'llmTemperature',
		'llm_temperature',
		'Randomness of the language model, 0 to 1',
		{ min: 0, max: 1, default: 0.1 },
	),
	voiceStability: numeric(
		'Voice Stability',
		'voiceStability',
		'voice_stability',
		'Stability of the voice, 0 to 1',
		{ min: 0, max: 1, default: 0.7 },
	),
	voiceSimilarity: numeric(
		'Voice Similarity',
		'voiceSimilarity',
		'voice_similarity',
		'Similarity to the original voice, 0 to 1',
		{ min: 0, max: 1, default: 0.5 },
	),
	speechSpeed: numeric(
		'Speech Speed',
		'speechSpeed',
		'speech_speed',
		'Speaking speed multiplier, 0.7 to 1.2',
		{ min: 0.7, max: 1.2, default: 1 },
	),
	endCallOnVoicemail: flag(
		'End Call on Voicemail',
		'endCallOnVoicemail',
		'end_call_on_voicemail',
		'Whether the call ends when a voicemail is detected',
		true,
	),
} satisfies Record<string, ValueField>;

export const POST_CALL_SCHEMA_TYPES = ['string', 'number', 'bool'] as const;

/** The parameters read by the shared body steps (bodyBuilder.ts). */
export const SHARED_PARAMETERS = {
	variables: 'variables',
	postCallSchema: 'postCallSchema',
} as const;

/** The Post-Call Schema list; the versions differ only in the help texts of its Name and Description. */
export function postCallSchemaProperty(help: {
	namePlaceholder: string;
	name: string;
	description: string;
}): INodeProperties {
	return {
		displayName: 'Post-Call Schema',
		name: SHARED_PARAMETERS.postCallSchema,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Data Field',
		default: {},
		description:
			'Data extracted from the call after it ends; on update the list replaces the stored one',
		options: [
			{
				displayName: 'Data Field',
				name: 'field',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: help.namePlaceholder,
						description: help.name,
					},
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: options(POST_CALL_SCHEMA_TYPES, ['String', 'Number', 'Boolean']),
						default: 'string',
					},
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: help.description,
					},
				],
			},
		],
	};
}

function byDisplayName(a: INodeProperties, b: INodeProperties): number {
	return a.displayName.localeCompare(b.displayName);
}

/** Create: the required fields as top-level parameters. */
export function requiredProperties(fields: VersionFields): INodeProperties[] {
	return fields.required.map(({ property }) => ({ ...property, required: true }));
}

/** The "Additional Fields" (create) or "Update Fields" (update) collection, sorted by name. */
export function fieldsCollection(fields: VersionFields, mode: AssistantMode): INodeProperties {
	const entries = [...(mode === 'update' ? fields.required : []), ...fields.optional].map(
		({ property }) => property,
	);
	return {
		displayName: mode === 'create' ? 'Additional Fields' : 'Update Fields',
		name: mode === 'create' ? 'additionalFields' : 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			mode === 'update'
				? 'Only the fields added here are changed'
				: 'Optional settings; the service uses its defaults for the rest',
		options: [...entries, ...fields.collectionOptions(mode)].sort(byDisplayName),
	};
}
