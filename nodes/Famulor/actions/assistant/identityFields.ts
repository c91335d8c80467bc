import { languageLocator, modelLocator, voiceLocator } from '../../../shared/pickerLocators';
import { choice, flag, numeric, picker, text, type AssistantField } from './fieldKinds';
import { engineModeOptions } from './modes';

/**
 * Who an assistant is and what it runs on, in both node versions' forms (fields.ts says which version
 * has which): name, engine, direction, language, voice and model, time zone, the first message, the
 * prompt, and how the model and voice are tuned. A key with `seed` is version 1's form of a field
 * version 2 words or checks otherwise.
 */

export const CALLS_DIRECTIONS = ['receive', 'make'] as const;
export const ENGINE_TYPES = ['pipeline', 'multimodal'] as const;
export const TYPES = ['inbound', 'outbound'] as const;

/** The model picker: its ID is sent as llm_model_id (pipeline) or multimodal_model_id (multimodal, dualplex). */
export const MODEL_PARAMETER = 'modelId';

/** How messages name the model picker's field, which one of two API fields receives. */
export const MODEL_FIELDS = 'llm_model_id / multimodal_model_id';

export const IDENTITY = {
	name: text('Name', 'name', 'name', 'Name of the assistant (max 255 characters)', 255),
	mode: {
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
	type: choice(
		'Type',
		'type',
		'type',
		'Whether the assistant receives calls (inbound) or makes them (outbound)',
		TYPES,
		['Inbound', 'Outbound'],
	),
	languageId: picker(
		languageLocator('languageId', 'Main language of the assistant'),
		'language_id',
	),
	voiceId: picker(
		voiceLocator(
			'voiceId',
			'Voice of the assistant; the list shows the voices that suit the chosen engine mode and language',
		),
		'voice_id',
	),
	model: {
		...picker(
			modelLocator(
				MODEL_PARAMETER,
				'AI model; the list shows language models for Pipeline and the speech models of the chosen mode otherwise',
			),
			'model',
		),
		shownAs: MODEL_FIELDS,
	},
	assistantName: text(
		'Assistant Name',
		'assistantName',
		'assistant_name',
		'Name of the assistant (max 255 characters)',
		255,
	),
	seedVoiceId: {
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
	language: {
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
	llmModel: text(
		'LLM Model',
		'llmModel',
		'llm_model',
		'Name of the language model, e.g. "gpt-4.1" (max 100 characters)',
		100,
	),
	callsDirection: choice(
		'Calls Direction',
		'callsDirection',
		'calls_direction',
		'Whether the assistant receives calls or makes them',
		CALLS_DIRECTIONS,
		['Receive (Inbound)', 'Make (Outbound)'],
	),
	engineType: choice(
		'Engine Type',
		'engineType',
		'engine_type',
		'Pipeline (speech-to-text, LLM, text-to-speech) or a multimodal speech model',
		ENGINE_TYPES,
		['Pipeline', 'Multimodal'],
	),
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
	initialMessage: text(
		'Initial Message',
		'initialMessage',
		'initial_message',
		'First message the assistant speaks when the call starts (max 200 characters)',
		200,
	),
	seedInitialMessage: text(
		'Initial Message',
		'initialMessage',
		'initial_message',
		'First message the assistant speaks when the call starts',
	),
	systemPrompt: text(
		'System Prompt',
		'systemPrompt',
		'system_prompt',
		"Instructions that define the assistant's behaviour and personality",
		undefined,
		{ typeOptions: { rows: 6 } },
	),
	ttsEmotionEnabled: flag(
		'TTS Emotion',
		'ttsEmotionEnabled',
		'tts_emotion_enabled',
		'Whether the voice speaks with emotion',
		true,
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
} satisfies Record<string, AssistantField>;
