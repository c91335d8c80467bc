import type { INodePropertyOptions } from 'n8n-workflow';

/** Engine modes of the current API (https://docs.famulor.de/en/api-reference/assistants/create, "Engine Modes"). */
export const ENGINE_MODES = ['pipeline', 'multimodal', 'dualplex'] as const;

export const engineModeOptions: INodePropertyOptions[] = [
	{
		name: 'Pipeline',
		value: 'pipeline',
		description: 'Speech-to-text, a language model, text-to-speech',
	},
	{ name: 'Multimodal', value: 'multimodal', description: 'A real-time speech model' },
	{
		name: 'Dualplex',
		value: 'dualplex',
		description: 'A real-time speech model with a text-to-speech voice',
	},
];
