import type { INodeProperties } from 'n8n-workflow';

import { knowledgeBaseLocator } from '../../../shared/descriptions';
import {
	assignablePhoneNumberLocator,
	folderLocator,
	languageLocator,
	llmModelLocator,
	modelLocator,
	synthesizerProviderLocator,
	transcriberProviderLocator,
	voiceLocator,
} from '../../../shared/pickerLocators';
import { variablesProperty } from '../common';
import { engineModeOptions } from './modes';
import { builtinToolsProperty } from './tools';
import { choice, flag, numeric, options, SHARED_FIELDS, text, type ValueRule } from './fields';

/**
 * The assistant fields of the current API (node version 2), defined once for Create and Update
 * (https://docs.famulor.de/en/api-reference/assistants/create, .../update): each entry is the n8n
 * parameter and the rule `body.ts` checks before the value is sent under its API field.
 */

export type FieldRule =
	| ValueRule
	/** a resource locator whose ID is sent */
	| { kind: 'picker' }
	/** a multi-select of IDs, sent as an array */
	| { kind: 'idList' };

export interface AssistantField {
	property: INodeProperties;
	field: string;
	rule: FieldRule;
}

function url(
	displayName: string,
	name: string,
	field: string,
	description: string,
): AssistantField {
	return {
		...text(displayName, name, field, description, undefined, {
			placeholder: 'https://example.com/famulor',
		}),
		rule: { kind: 'url' },
	};
}

function picker(property: INodeProperties, field: string): AssistantField {
	return { field, rule: { kind: 'picker' }, property: { ...property, required: false } };
}

function multi(
	displayName: string,
	name: string,
	field: string,
	loadOptionsMethod: string,
	description: string,
): AssistantField {
	return {
		field,
		rule: { kind: 'idList' },
		property: {
			displayName,
			name,
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod },
			default: [],
			description,
		},
	};
}

export const TYPES = ['inbound', 'outbound'] as const;
export const POST_CALL_SCHEMA_TYPES = ['string', 'number', 'bool'] as const;

/** The model picker: its ID is sent as llm_model_id (pipeline) or multimodal_model_id (multimodal, dualplex). */
export const MODEL_PARAMETER = 'modelId';

/** Required on create (top-level parameters there), optional on update. */
export const REQUIRED_FIELDS: AssistantField[] = [
	text('Name', 'name', 'name', 'Name of the assistant (max 255 characters)', 255),
	{
		field: 'mode',
		rule: { kind: 'oneOf', values: ['pipeline', 'multimodal', 'dualplex'] },
		property: {
			displayName: 'Engine Mode',
			name: 'mode',
			type: 'options',
			options: engineModeOptions,
			default: 'pipeline',
			description: 'How the assistant listens and speaks; decides which voices and models fit',
		},
	},
	choice(
		'Type',
		'type',
		'type',
		'Whether the assistant receives calls (inbound) or makes them (outbound)',
		TYPES,
		['Inbound', 'Outbound'],
	),
	picker(languageLocator('languageId', 'Main language of the assistant'), 'language_id'),
	picker(
		voiceLocator(
			'voiceId',
			'Voice of the assistant; the list shows the voices that suit the chosen engine mode and language',
		),
		'voice_id',
	),
	picker(
		modelLocator(
			MODEL_PARAMETER,
			'AI model; the list shows language models for Pipeline and the speech models of the chosen mode otherwise',
		),
		'model',
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
		'First message the assistant speaks when the call starts (max 200 characters)',
		200,
	),
	SHARED_FIELDS.systemPrompt,
];

/** Optional on create ("Additional Fields") and on update ("Update Fields"). */
export const OPTIONAL_FIELDS: AssistantField[] = [
	picker(
		assignablePhoneNumberLocator(
			'phoneNumberId',
			'Phone number of the assistant; inbound assistants are offered only numbers free for inbound',
		),
		'phone_number_id',
	),
	picker(
		knowledgeBaseLocator('knowledgeBaseId', 'Knowledge base the assistant answers from'),
		'knowledgebase_id',
	),
	choice(
		'Knowledge Base Mode',
		'knowledgeBaseMode',
		'knowledgebase_mode',
		'How the knowledge base is used; multimodal and dualplex allow only Function Call',
		['function_call', 'prompt'],
		['Function Call', 'Prompt (Pipeline Only)'],
	),
	picker(folderLocator('folderId', 'Folder the assistant is placed in'), 'folder_id'),
	multi(
		'Label Names or IDs',
		'labelIds',
		'label_ids',
		'getLabels',
		'Labels of the assistant; on update the list replaces the stored labels. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	),
	multi(
		'Mid-Call Tool Names or IDs',
		'toolIds',
		'tool_ids',
		'getMidCallTools',
		'Mid-call tools of the assistant; on update the list replaces the stored tools. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	),
	multi(
		'Secondary Language Names or IDs',
		'secondaryLanguageIds',
		'secondary_language_ids',
		'getLanguageOptions',
		'Further languages the assistant recognises and switches to; on update the list replaces the stored ones. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	),
	picker(
		synthesizerProviderLocator(
			'synthesizerProviderId',
			'Text-to-speech provider (pipeline and dualplex); unset, the language decides',
		),
		'synthesizer_provider_id',
	),
	picker(
		transcriberProviderLocator(
			'transcriberProviderId',
			'Speech-to-text provider (pipeline only); unset, the language decides',
		),
		'transcriber_provider_id',
	),
	picker(
		llmModelLocator(
			'chatLlmFallbackId',
			'Language model for tool calls of multimodal and dualplex assistants',
		),
		'chat_llm_fallback_id',
	),
	numeric(
		'Turn Detection Threshold',
		'turnDetectionThreshold',
		'turn_detection_threshold',
		'Sensitivity of turn detection in multimodal and dualplex, 0 to 1 (unset: automatic)',
		{ min: 0, max: 1, default: 0.5 },
	),
	flag(
		'TTS Emotion',
		'ttsEmotionEnabled',
		'tts_emotion_enabled',
		'Whether the voice speaks with emotion',
		true,
	),
	SHARED_FIELDS.voiceStability,
	SHARED_FIELDS.voiceSimilarity,
	SHARED_FIELDS.speechSpeed,
	SHARED_FIELDS.llmTemperature,
	flag(
		'Allow Interruptions',
		'allowInterruptions',
		'allow_interruptions',
		'Whether the caller may interrupt the assistant (always on in multimodal and dualplex)',
		true,
	),
	flag(
		'Fillers',
		'fillers',
		'fillers',
		'Whether filler phrases play while the assistant thinks (pipeline only)',
		false,
	),
	flag('Record', 'record', 'record', 'Whether calls are recorded', false),
	flag(
		'Noise Cancellation',
		'enableNoiseCancellation',
		'enable_noise_cancellation',
		'Whether noise cancellation is on',
		true,
	),
	flag(
		'Wait for Customer',
		'waitForCustomer',
		'wait_for_customer',
		'Whether the assistant waits for the customer to speak first',
		false,
	),
	numeric('Max Duration', 'maxDuration', 'max_duration', 'Longest call in seconds, 20 to 1200', {
		min: 20,
		max: 1200,
		integer: true,
		default: 600,
	}),
	numeric(
		'Max Silence Duration',
		'maxSilenceDuration',
		'max_silence_duration',
		'Seconds of silence before re-engaging, 1 to 360',
		{ min: 1, max: 360, integer: true, default: 40 },
	),
	numeric(
		'Max Initial Silence Duration',
		'maxInitialSilenceDuration',
		'max_initial_silence_duration',
		'Seconds of silence right after the call starts before it ends, 1 to 120',
		{ min: 1, max: 120, integer: true, default: 10 },
	),
	numeric(
		'Ringing Time',
		'ringingTime',
		'ringing_time',
		'Seconds to ring before giving up, 1 to 60',
		{ min: 1, max: 60, integer: true, default: 30 },
	),
	numeric(
		'Re-Engagement Interval',
		'reengagementInterval',
		'reengagement_interval',
		'Seconds between re-engagement messages, 7 to 600',
		{ min: 7, max: 600, integer: true, default: 30 },
	),
	text(
		'Re-Engagement Prompt',
		'reengagementPrompt',
		'reengagement_prompt',
		'What to say to re-engage a silent caller (max 1000 characters)',
		1000,
	),
	SHARED_FIELDS.endCallOnVoicemail,
	text(
		'Voicemail Message',
		'voiceMailMessage',
		'voice_mail_message',
		'Message left on a voicemail before hanging up (max 1000 characters)',
		1000,
	),
	choice(
		'Endpoint Type',
		'endpointType',
		'endpoint_type',
		"How the end of the caller's speech is detected",
		['vad', 'ai'],
		['VAD', 'AI'],
	),
	SHARED_FIELDS.endpointSensitivity,
	SHARED_FIELDS.interruptSensitivity,
	numeric(
		'Min Interrupt Words',
		'minInterruptWords',
		'min_interrupt_words',
		'Words the caller must say before interrupting, 0 to 10 (setting it turns the rule on)',
		{ min: 0, max: 10, integer: true, default: 2 },
	),
	choice(
		'Ambient Sound',
		'ambientSound',
		'ambient_sound',
		'Background sound of the call',
		['off', 'office', 'city', 'forest', 'crowded_room', 'cafe', 'nature'],
		['Off', 'Office', 'City', 'Forest', 'Crowded Room', 'Cafe', 'Nature'],
	),
	SHARED_FIELDS.ambientSoundVolume,
	SHARED_FIELDS.isWebhookActive,
	url('Webhook URL', 'webhookUrl', 'webhook_url', 'URL that receives the post-call webhook'),
	SHARED_FIELDS.sendWebhookOnlyOnCompleted,
	flag(
		'Include Recording in Webhook',
		'includeRecordingInWebhook',
		'include_recording_in_webhook',
		'Whether the recording URL is in the webhook payload',
		true,
	),
	SHARED_FIELDS.postCallEvaluation,
	numeric(
		'Conversation Inactivity Timeout',
		'conversationInactivityTimeout',
		'conversation_inactivity_timeout',
		'Minutes without chat activity before a conversation ends, 1 to 1440',
		{ min: 1, max: 1440, integer: true, default: 30 },
	),
	flag(
		'Conversation Ended Retrigger',
		'conversationEndedRetrigger',
		'conversation_ended_retrigger',
		'Whether an ended chat conversation can start again',
		false,
	),
	url(
		'Conversation Ended Webhook URL',
		'conversationEndedWebhookUrl',
		'conversation_ended_webhook_url',
		'URL called when a chat conversation ends after inactivity',
	),
];

/** Update: fields that `null` (or `[]` for lists) clears, as the update page documents. */
export const CLEARABLE: Record<string, { field: string; value: null | [] }> = {
	'Phone Number': { field: 'phone_number_id', value: null },
	'Webhook URL': { field: 'webhook_url', value: null },
	'Knowledge Base': { field: 'knowledgebase_id', value: null },
	Folder: { field: 'folder_id', value: null },
	'Chat LLM Fallback': { field: 'chat_llm_fallback_id', value: null },
	'Turn Detection Threshold (Back to Automatic)': {
		field: 'turn_detection_threshold',
		value: null,
	},
	'TTS Provider': { field: 'synthesizer_provider_id', value: null },
	'STT Provider': { field: 'transcriber_provider_id', value: null },
	'Max Initial Silence Duration': { field: 'max_initial_silence_duration', value: null },
	'Re-Engagement Prompt': { field: 'reengagement_prompt', value: null },
	'Voicemail Message': { field: 'voice_mail_message', value: null },
	'Min Interrupt Words (Turns the Rule Off)': { field: 'min_interrupt_words', value: null },
	'All Labels': { field: 'label_ids', value: [] },
	'All Mid-Call Tools': { field: 'tool_ids', value: [] },
	'All Built-In Tools': { field: 'tools', value: [] },
	'All Secondary Languages': { field: 'secondary_language_ids', value: [] },
};

const fillerConfigProperty: INodeProperties = {
	displayName: 'Filler Phrases',
	name: 'fillerConfig',
	type: 'collection',
	placeholder: 'Add Category',
	default: {},
	description:
		'Own filler phrases per category, one per line (pipeline only); replaces the stored ones',
	options: ['Negative', 'Neutral', 'Positive', 'Question'].map((category) => ({
		displayName: category,
		name: category.toLowerCase(),
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		placeholder: category === 'Question' ? 'Good question.\nOne moment.' : 'Okay.\nUnderstood.',
	})),
};

const postCallSchemaProperty: INodeProperties = {
	displayName: 'Post-Call Schema',
	name: 'postCallSchema',
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
					placeholder: 'e.g. appointment',
					description: '3 to 16 lower-case letters, digits or underscores',
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
					description: 'What to extract, for the AI (3 to 255 characters)',
				},
			],
		},
	],
};

/** Parameters read by hand in body.ts, because their values need shaping beyond one rule. */
export const SPECIAL = {
	variables: 'variables',
	postCallSchema: 'postCallSchema',
	fillerConfig: 'fillerConfig',
	tools: 'tools',
	clear: 'clearFields',
} as const;

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
	const clear: INodeProperties = {
		displayName: 'Fields to Clear',
		name: SPECIAL.clear,
		type: 'multiOptions',
		options: Object.keys(CLEARABLE).map((name) => ({ name, value: name })),
		default: [],
		description:
			'Settings to remove (sent as null, lists as empty lists); a field cannot be both set and cleared',
	};
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
			fillerConfigProperty,
			postCallSchemaProperty,
			builtinToolsProperty,
			variablesProperty(
				'Custom variables of the assistant as key-value pairs, usable in its prompt as {{name}}',
			),
			...(mode === 'update' ? [clear] : []),
		].sort(byDisplayName),
	};
}
