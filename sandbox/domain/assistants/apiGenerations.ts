/**
 * The two generations of the assistant API the sandbox speaks. `seed` is the older docs the seed specification (the API docs of February 2026) was
 * written from (assistant_name, language, llm_model, ...); `current` is the service's docs today
 * (name, language_id, llm_model_id, ...; https://docs.famulor.de/en/api-reference/assistants/create).
 * Option `api`: `both` accepts either (one per request, never mixed), `seed` or `current` only one.
 */
import { type Body, attr, type Errors } from '../validation';
import type { ApiGeneration, ApiOption } from '../../model/options';

/** Assistant input names only the seed generation knows. */
export const SEED_ONLY_FIELDS = [
	'assistant_name',
	'language',
	'llm_model',
	'calls_direction',
	'engine_type',
	'filler_audios',
	're_engagement_interval',
	'max_call_duration',
	'noise_cancellation',
	'record_call',
	'who_speaks_first',
	'use_min_interrupt_words',
	'end_call_tool',
] as const;

/** Assistant input names only the current generation knows. */
export const CURRENT_ONLY_FIELDS = [
	'name',
	'language_id',
	'llm_model_id',
	'multimodal_model_id',
	'type',
	'mode',
	'fillers',
	'reengagement_interval',
	'max_duration',
	'enable_noise_cancellation',
	'record',
	'wait_for_customer',
	'tools',
	'secondary_language_ids',
	'knowledgebase_id',
	'knowledgebase_mode',
	'folder_id',
	'label_ids',
	'tts_emotion_enabled',
	'synthesizer_provider_id',
	'transcriber_provider_id',
	'chat_llm_fallback_id',
	'turn_detection_threshold',
	'filler_config',
	'max_initial_silence_duration',
	'ringing_time',
	'reengagement_prompt',
	'voice_mail_message',
	'ambient_sound',
	'conversation_inactivity_timeout',
	'conversation_ended_retrigger',
	'conversation_ended_webhook_url',
] as const;

const ONLY_IN: Record<ApiGeneration, readonly string[]> = {
	seed: SEED_ONLY_FIELDS,
	current: CURRENT_ONLY_FIELDS,
};

function present(b: Body, generation: ApiGeneration): string[] {
	return ONLY_IN[generation].filter((field) => b[field] !== undefined);
}

/**
 * The generation a body is validated in, and the errors of the names foreign to it ("The x field is
 * prohibited.", Laravel's wording). Under `both`, the generation with more names of its own wins (a
 * tie goes to `current`, the service today); a body of shared names only gives no generation.
 */
export function assistantGeneration(
	option: ApiOption,
	b: Body,
): { generation: ApiGeneration | undefined; foreign: Errors } {
	const seedNames = present(b, 'seed').length;
	const currentNames = present(b, 'current').length;
	let generation: ApiGeneration | undefined = option === 'both' ? undefined : option;
	if (option === 'both' && seedNames + currentNames > 0)
		generation = seedNames > currentNames ? 'seed' : 'current';
	const foreign: Errors = {};
	if (generation !== undefined) {
		for (const field of present(b, generation === 'seed' ? 'current' : 'seed'))
			foreign[field] = [`The ${attr(field)} field is prohibited.`];
	}
	return { generation, foreign };
}

/** Whether an endpoint that exists in only one generation is served under `option`. */
export function serves(option: ApiOption, generation: ApiGeneration): boolean {
	return option === 'both' || option === generation;
}
