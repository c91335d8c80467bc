import type { INodeProperties } from 'n8n-workflow';

import { phoneNumberLocator } from '../../../shared/descriptions';
import { variablesProperty } from '../common';
import { choice, flag, numeric, text, url, type AssistantField } from './fieldKinds';
import {
	postCallSchemaProperty,
	SHARED_FIELDS,
	type AssistantMode,
	type VersionFields,
} from './sharedFields';

/**
 * The assistant fields of node version 1, as the seed specification (the API docs of February
 * 2026) names them, defined once for Create and Update.
 */

export const CALLS_DIRECTIONS = ['receive', 'make'] as const;
export const ENGINE_TYPES = ['pipeline', 'multimodal'] as const;

/** Required on create (top-level parameters there), optional on update. */
const REQUIRED_FIELDS: AssistantField[] = [
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
	SHARED_FIELDS.timezone,
	text(
		'Initial Message',
		'initialMessage',
		'initial_message',
		'First message the assistant speaks when the call starts',
	),
	SHARED_FIELDS.systemPrompt,
];

/** Optional on create ("Additional Fields") and on update ("Update Fields"). */
const OPTIONAL_FIELDS: AssistantField[] = [
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
	url(
		'Webhook URL',
		'webhookUrl',
		'webhook_url',
		'URL that receives the post-call webhook (required when Webhook Active is on)',
	),
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

/** Parameters read by hand in body.ts (besides the shared ones), because their values need shaping beyond one rule. */
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

/** Version 1's fields, and the phone number, tool and removal parameters its body steps read. */
export const FIELDS_V1: VersionFields = {
	required: REQUIRED_FIELDS,
	optional: OPTIONAL_FIELDS,
	collectionOptions: (mode) => [
		...specialProperties(mode),
		...(mode === 'update' ? UPDATE_ONLY : []),
	],
};
