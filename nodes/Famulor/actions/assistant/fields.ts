import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { phoneNumberLocator } from '../../../shared/descriptions';
import { variablesProperty } from '../common';

/**
 * The assistant input fields of the seed specification (the API docs of February 2026), defined once for Create and Update: each entry is the
 * n8n parameter and the rule `body.ts` checks before the value is sent under its API field.
 */

/** The rules of plain values, the same in both API generations. */
export type ValueRule =
	| { kind: 'text'; max?: number }
	| { kind: 'timezone' }
	| { kind: 'url' }
	| { kind: 'boolean' }
	| { kind: 'oneOf'; values: readonly string[] }
	| { kind: 'number'; min: number; max: number; integer?: boolean };

export type FieldRule = ValueRule | { kind: 'id' };

export interface AssistantField {
	property: INodeProperties;
	/** API field; a dotted name (`end_call_tool.description`) is sent as a nested object. */
	field: string;
	rule: FieldRule;
}

/** A field whose value has one of the value rules; both versions' field lists are built from these. */
export interface ValueField {
	property: INodeProperties;
	field: string;
	rule: ValueRule;
}

export function options(
	values: readonly string[],
	labels: readonly string[],
): INodePropertyOptions[] {
	return values.map((value, index) => ({ name: labels[index], value }));
}

export function text(
	displayName: string,
	name: string,
	field: string,
	description: string,
	max?: number,
	extra: Partial<INodeProperties> = {},
): ValueField {
	return {
		field,
		rule: { kind: 'text', max },
		property: { displayName, name, type: 'string', default: '', description, ...extra },
	};
}

export function choice(
	displayName: string,
	name: string,
	field: string,
	description: string,
	values: readonly string[],
	labels: readonly string[],
): ValueField {
	const [firstValue] = values;
	return {
		field,
		rule: { kind: 'oneOf', values },
		property: {
			displayName,
			name,
			type: 'options',
			options: options(values, labels),
			default: firstValue,
			description,
		},
	};
}

/**
 * A boolean parameter. Its default is written as the literal `false` unless it is on, as n8n's
 * `node-param-default-wrong-for-boolean` rule reads it.
 */
export function booleanProperty(
	displayName: string,
	name: string,
	description: string,
	defaultValue: boolean,
): INodeProperties {
	const switchedOff: INodeProperties = {
		displayName,
		name,
		type: 'boolean',
		default: false,
		description,
	};
	return defaultValue ? { ...switchedOff, default: true } : switchedOff;
}

export function flag(
	displayName: string,
	name: string,
	field: string,
	description: string,
	defaultValue: boolean,
): ValueField {
	return {
		field,
		rule: { kind: 'boolean' },
		property: booleanProperty(displayName, name, description, defaultValue),
	};
}

export function numeric(
	displayName: string,
	name: string,
	field: string,
	description: string,
	range: { min: number; max: number; integer?: boolean; default: number },
): ValueField {
	const { min, max, integer, default: defaultValue } = range;
	return {
		field,
		rule: { kind: 'number', min, max, integer },
		property: {
			displayName,
			name,
			type: 'number',
			default: defaultValue,
			typeOptions: {
				minValue: min,
				maxValue: max,
				numberPrecision: integer ? 0 : 2,
			},
			description,
		},
	};
}

/** Fields both API generations name, bound and describe alike; version 2's lists use them too. */
export const SHARED_FIELDS = {
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
		{
			min: 0.7,
			max: 1.2,
			default: 1,
		},
	),
	endCallOnVoicemail: flag(
		'End Call on Voicemail',
		'endCallOnVoicemail',
		'end_call_on_voicemail',
		'Whether the call ends when a voicemail is detected',
		true,
	),
} satisfies Record<string, ValueField>;

export const CALLS_DIRECTIONS = ['receive', 'make'] as const;
export const ENGINE_TYPES = ['pipeline', 'multimodal'] as const;

/** Required on create (top-level parameters there), optional on update. */
export const REQUIRED_FIELDS: AssistantField[] = [
	text(
		'Assistant Name',
		'assistantName',
		'assistant_name',
		'Name of the assistant (max 255 characters)',
		255,
	),
	{
		field: 'voice_id',
		rule: { kind: 'id' },
		property: {
			displayName: 'Voice ID',
			name: 'voiceId',
			type: 'number',
			default: 0,
			typeOptions: { numberPrecision: 0 },
			description:
				'ID of an available voice (the voice list of the Famulor dashboard shows the IDs)',
		},
	},
	{
		field: 'language',
		rule: { kind: 'text', max: 100 },
		property: {
			displayName: 'Language Name or ID',
			name: 'language',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getLanguages' },
			default: '',
			description:
				'Language the assistant speaks; its ID is its name in the languages list, e.g. "German". Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	},
	text(
		'LLM Model',
		'llmModel',
		'llm_model',
		'Name of the language model, e.g. "gpt-4.1" (max 100 characters)',
		100,
	),
	choice(
		'Calls Direction',
		'callsDirection',
		'calls_direction',
		'Whether the assistant receives calls or makes them',
		CALLS_DIRECTIONS,
		['Receive (Inbound)', 'Make (Outbound)'],
	),
	choice(
		'Engine Type',
		'engineType',
		'engine_type',
		'Pipeline (speech-to-text, LLM, text-to-speech) or a multimodal speech model',
		ENGINE_TYPES,
		['Pipeline', 'Multimodal'],
	),
	{
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
	text(
		'Initial Message',
		'initialMessage',
		'initial_message',
		'First message the assistant speaks when the call starts',
	),
	SHARED_FIELDS.systemPrompt,
];

/** Optional on create ("Additional Fields") and on update ("Update Fields"). */
export const OPTIONAL_FIELDS: AssistantField[] = [
	choice(
		'Endpoint Type',
		'endpointType',
		'endpoint_type',
		'Voice activity detection type',
		['vad', 'ai'],
		['VAD', 'AI'],
	),
	SHARED_FIELDS.endpointSensitivity,
	SHARED_FIELDS.interruptSensitivity,
	SHARED_FIELDS.ambientSoundVolume,
	SHARED_FIELDS.postCallEvaluation,
	SHARED_FIELDS.sendWebhookOnlyOnCompleted,
	flag(
		'Include Recording in Webhook',
		'includeRecordingInWebhook',
		'include_recording_in_webhook',
		'Whether the recording URL is included in the webhook payload',
		true,
	),
	SHARED_FIELDS.isWebhookActive,
	{
		...text(
			'Webhook URL',
			'webhookUrl',
			'webhook_url',
			'URL that receives the post-call webhook (required when Webhook Active is on)',
			undefined,
			{ placeholder: 'https://example.com/famulor' },
		),
		rule: { kind: 'url' },
	},
	flag(
		'Use Min Interrupt Words',
		'useMinInterruptWords',
		'use_min_interrupt_words',
		'Whether the caller must say a minimum number of words before interrupting',
		false,
	),
	numeric(
		'Min Interrupt Words',
		'minInterruptWords',
		'min_interrupt_words',
		'Words the caller must say before an interruption is allowed, 0 to 10',
		{ min: 0, max: 10, integer: true, default: 2 },
	),
	text(
		'End Call Tool Description',
		'endCallToolDescription',
		'end_call_tool.description',
		'When the assistant should end the call (max 500 characters)',
		500,
		{ typeOptions: { rows: 3 } },
	),
	SHARED_FIELDS.llmTemperature,
	SHARED_FIELDS.voiceStability,
	SHARED_FIELDS.voiceSimilarity,
	SHARED_FIELDS.speechSpeed,
	flag(
		'Allow Interruptions',
		'allowInterruptions',
		'allow_interruptions',
		'Whether the caller may interrupt the assistant',
		true,
	),
	flag(
		'Filler Audios',
		'fillerAudios',
		'filler_audios',
		'Whether filler audio plays while the assistant is thinking',
		false,
	),
	numeric(
		'Re-Engagement Interval',
		'reEngagementInterval',
		're_engagement_interval',
		'Seconds of silence before the assistant re-engages the caller, 7 to 600',
		{ min: 7, max: 600, integer: true, default: 30 },
	),
	numeric(
		'Max Call Duration',
		'maxCallDuration',
		'max_call_duration',
		'Longest call in seconds, 20 to 1200',
		{ min: 20, max: 1200, integer: true, default: 600 },
	),
	numeric(
		'Max Silence Duration',
		'maxSilenceDuration',
		'max_silence_duration',
		'Seconds of silence before the call ends, 1 to 120',
		{ min: 1, max: 120, integer: true, default: 40 },
	),
	SHARED_FIELDS.endCallOnVoicemail,
	flag(
		'Noise Cancellation',
		'noiseCancellation',
		'noise_cancellation',
		'Whether noise cancellation is on',
		true,
	),
	flag('Record Call', 'recordCall', 'record_call', 'Whether the call is recorded', false),
	choice(
		'Who Speaks First',
		'whoSpeaksFirst',
		'who_speaks_first',
		'Who speaks first when the call connects',
		['AI assistant', 'Customer'],
		['AI Assistant', 'Customer'],
	),
];

export const POST_CALL_SCHEMA_TYPES = ['string', 'number', 'bool'] as const;

/** Parameters read by hand in body.ts, because their values need shaping beyond one rule. */
export const SPECIAL = {
	phoneNumberId: 'phoneNumberId',
	toolIds: 'toolIds',
	variables: 'variables',
	postCallSchema: 'postCallSchema',
	removePhoneNumber: 'removePhoneNumber',
	removeWebhook: 'removeWebhook',
	removeAllTools: 'removeAllTools',
} as const;

function specialProperties(mode: 'create' | 'update'): INodeProperties[] {
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
		{
			displayName: 'Post-Call Schema',
			name: SPECIAL.postCallSchema,
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
							placeholder: 'e.g. appointment_booked',
							description: 'Key of the extracted value (lowercase letters, digits, underscores)',
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
							description: 'What to extract, for the AI',
						},
					],
				},
			],
		},
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

function byDisplayName(a: INodeProperties, b: INodeProperties): number {
	return a.displayName.localeCompare(b.displayName);
}

/** Create: the required fields as top-level parameters. */
export function requiredProperties(): INodeProperties[] {
	return REQUIRED_FIELDS.map(({ property }) => ({ ...property, required: true }));
}

/** The "Additional Fields" (create) or "Update Fields" (update) collection. */
export function fieldsCollection(mode: 'create' | 'update'): INodeProperties {
	const entries = [...(mode === 'update' ? REQUIRED_FIELDS : []), ...OPTIONAL_FIELDS].map(
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
		options: [
			...entries,
			...specialProperties(mode),
			...(mode === 'update' ? UPDATE_ONLY : []),
		].sort(byDisplayName),
	};
}
