import { languageLocator, modelLocator, voiceLocator } from '../../../shared/pickerLocators';
import { variablesProperty } from '../common';
import { clearFieldsProperty } from './clear.v2';
import { choice, flag, numeric, picker, text, url, type AssistantField } from './fieldKinds';
import { fillerConfigProperty } from './fillers.v2';
import { engineModeOptions } from './modes';
import { RECORD_FIELDS } from './records.v2';
import { builtinToolsProperty } from './tools';
import { postCallSchemaProperty, SHARED_FIELDS, type VersionFields } from './sharedFields';

/**
 * The assistant fields of the current API (node version 2), defined once for Create and Update
 * (https://docs.famulor.de/en/api-reference/assistants/create, .../update).
 */

export const TYPES = ['inbound', 'outbound'] as const;

/** The model picker: its ID is sent as llm_model_id (pipeline) or multimodal_model_id (multimodal, dualplex). */
export const MODEL_PARAMETER = 'modelId';

/** How messages name the model picker's field, which one of two API fields receives. */
export const MODEL_FIELDS = 'llm_model_id / multimodal_model_id';

/** Required on create (top-level parameters there), optional on update. */
const REQUIRED_FIELDS: AssistantField[] = [
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
	{
		...picker(
			modelLocator(
				MODEL_PARAMETER,
				'AI model; the list shows language models for Pipeline and the speech models of the chosen mode otherwise',
			),
			'model',
		),
		shownAs: MODEL_FIELDS,
	},
	SHARED_FIELDS.timezone,
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
const OPTIONAL_FIELDS: AssistantField[] = [
	...RECORD_FIELDS,
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

/** Version 2's fields, with Filler Phrases, Built-In Tools and, on update, Fields to Clear. */
export const FIELDS_V2: VersionFields = {
	required: REQUIRED_FIELDS,
	optional: OPTIONAL_FIELDS,
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
};
