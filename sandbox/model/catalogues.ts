/**
 * The service's fixed catalogues: languages, voices, models, speech providers, colours and the countries
 * numbers can be bought in. Every sandbox has them, seeded or not.
 */
export const LANGUAGES = [
	{ id: 1, name: 'English', iso_2: 'en' },
	{ id: 2, name: 'Romanian', iso_2: 'ro' },
	{ id: 3, name: 'French', iso_2: 'fr' },
	{ id: 4, name: 'Spanish', iso_2: 'es' },
	{ id: 5, name: 'German', iso_2: 'de' },
	{ id: 6, name: 'Lithuanian', iso_2: 'lt' },
	{ id: 7, name: 'Italian', iso_2: 'it' },
	{ id: 8, name: 'Arabic', iso_2: 'ar' },
	{ id: 9, name: 'Portuguese', iso_2: 'pt' },
	{ id: 10, name: 'Danish', iso_2: 'da' },
];

export type EngineMode = 'pipeline' | 'multimodal' | 'dualplex';
const TTS_MODES: EngineMode[] = ['pipeline', 'dualplex'];

/** `modes`: the engine modes a voice suits (the voices list filters by it; it is not part of the record). */
export const VOICES = [
	{
		id: 1001,
		name: 'Anna',
		language_id: 5,
		gender: 'female',
		accent: 'German',
		age: 'young',
		modes: TTS_MODES,
	},
	{
		id: 1002,
		name: 'Lukas',
		language_id: 5,
		gender: 'male',
		accent: 'German',
		age: 'middle_aged',
		modes: TTS_MODES,
	},
	{
		id: 1003,
		name: 'Emma',
		language_id: 1,
		gender: 'female',
		accent: 'American',
		age: 'young',
		modes: TTS_MODES,
	},
	{
		id: 1004,
		name: 'James',
		language_id: 1,
		gender: 'male',
		accent: 'British',
		age: 'middle_aged',
		modes: TTS_MODES,
	},
	{
		id: 1005,
		name: 'Chloé',
		language_id: 3,
		gender: 'female',
		accent: null,
		age: null,
		modes: ['pipeline'] as EngineMode[],
	},
	{
		id: 1006,
		name: 'Mateo',
		language_id: 4,
		gender: 'male',
		accent: null,
		age: null,
		modes: ['pipeline'] as EngineMode[],
	},
	{
		id: 1101,
		name: 'Zephyr',
		language_id: 1,
		gender: 'female',
		accent: null,
		age: null,
		modes: ['multimodal'] as EngineMode[],
	},
	{
		id: 1102,
		name: 'Puck',
		language_id: 5,
		gender: 'male',
		accent: null,
		age: null,
		modes: ['multimodal'] as EngineMode[],
	},
].map((v) => ({
	...v,
	preview_url: `https://app.famulor.de/media/public/voices/${v.id}.mp3`,
	synthesizer_provider_id: v.modes.includes('multimodal') ? null : 1,
}));

export const LLM_MODELS = [
	{ id: 1, name: 'gpt-4o' },
	{ id: 2, name: 'gpt-4o-mini' },
	{ id: 3, name: 'gpt-4.1' },
	{ id: 4, name: 'gpt-4.1-mini' },
	{ id: 5, name: 'claude-3-5-sonnet' },
	{ id: 6, name: 'gemini-2.0-flash' },
];
export const MULTIMODAL_MODELS = [
	{ id: 21, name: 'gpt-4o-realtime', code: 'gpt-4o-realtime-preview' },
	{ id: 22, name: 'gemini-2.0-flash-live', code: 'gemini-2.0-flash-live-001' },
];
export const DUALPLEX_MODELS = [
	{ id: 25, name: 'GPT Realtime Dualplex', code: 'gpt-realtime-dualplex' },
];

/** TTS providers and the languages each supports (the list filters by `language_id`). */
export const SYNTHESIZER_PROVIDERS = [
	{ id: 1, name: 'ElevenLabs', code: 'elevenlabs', language_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
	{ id: 2, name: 'Azure', code: 'azure', language_ids: [1, 3, 4, 5, 7] },
	{ id: 3, name: 'Cartesia', code: 'cartesia', language_ids: [1, 5] },
];
/** STT providers (pipeline only). */
export const TRANSCRIBER_PROVIDERS = [
	{ id: 1, name: 'Deepgram', code: 'deepgram', language_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
	{ id: 2, name: 'Azure', code: 'azure', language_ids: [1, 3, 4, 5, 7] },
	{ id: 3, name: 'Gladia', code: 'gladia', language_ids: [1, 3, 5] },
];

export const COLORS = [
	'gray',
	'slate',
	'red',
	'orange',
	'amber',
	'green',
	'teal',
	'blue',
	'purple',
	'pink',
] as const;

export const SUPPORTED_COUNTRIES = [
	'DE',
	'US',
	'CA',
	'GB',
	'AU',
	'IL',
	'PL',
	'FI',
	'NL',
	'DK',
	'IT',
] as const;

export function languageById(id: number): (typeof LANGUAGES)[number] | undefined {
	return LANGUAGES.find((l) => l.id === id);
}
