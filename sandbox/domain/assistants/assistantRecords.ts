/** Assistants in the shapes the service returns: the full record, the outbound list's and the short summary. */
import { languageById } from '../../model/catalogues';
import type { Assistant } from '../../model/assistants';
import type { BeyondDocsSettings } from '../../model/beyondDocs';
import { decimal, iso6, isoZ } from '../formats';

export function outputSchemaType(t: string): string {
	return t === 'bool' ? 'boolean' : t;
}

/** `toolIdsReported`: the option `assistantToolIds` (model/beyondDocs.ts). */
function fullAssistant(a: Assistant, toolIdsReported: boolean): Record<string, unknown> {
	const lang = languageById(a.language_id);
	return {
		id: a.id,
		user_id: a.user_id,
		phone_number_id: a.phone_number_id,
		engine_id: 1,
		synthesizer_id: 1,
		transcriber_id: 1,
		voice_id: a.voice_id,
		instance_id: 1,
		name: a.name,
		variables: a.variables,
		post_call_evaluation: a.post_call_evaluation,
		fillers: a.fillers ? 1 : 0,
		post_call_schema: a.post_call_schema.map((p) => ({
			name: p.name,
			type: outputSchemaType(p.type),
			description: p.description,
		})),
		// built-in tools only, as {type, data}; the older docs' mid-call tool names are gone from the
		// list (https://docs.famulor.de/en/api-reference/assistants/list)
		tools: a.builtin_tools.map(({ type, ...data }) => ({ type, data })),
		// no docs page shows it (https://docs.famulor.de/en/api-reference/assistants/list): option assistantToolIds
		...(toolIdsReported ? { tool_ids: [...a.tool_ids] } : {}),
		is_webhook_active: a.is_webhook_active,
		webhook_url: a.webhook_url,
		inbound_webhook_url: a.inbound_webhook_url,
		language: lang?.iso_2 ?? null,
		type: a.type,
		status: a.status,
		max_duration: a.max_duration,
		record: a.record,
		initial_message: a.initial_message,
		system_prompt: a.system_prompt,
		flows_platform_id: null,
		timezone: a.timezone,
		// the list example's "2024-01-15T10:30:00Z"; the outbound list's example has microseconds
		created_at: isoZ(a.created_at),
		updated_at: isoZ(a.updated_at),
		deleted_at: null,
		max_silence_duration: a.max_silence_duration,
		reengagement_interval: a.reengagement_interval,
		end_call_on_voicemail: a.end_call_on_voicemail ? 1 : 0,
		llm_temperature: decimal(a.llm_temperature),
		voice_stability: decimal(a.voice_stability),
		voice_similarity: decimal(a.voice_similarity),
		speech_speed: decimal(a.speech_speed),
		ambient_sound_volume: decimal(a.ambient_sound_volume),
		allow_interruptions: a.allow_interruptions,
		enable_noise_cancellation: a.enable_noise_cancellation,
		endpoint_sensitivity: a.endpoint_sensitivity,
		interrupt_sensitivity: a.interrupt_sensitivity,
		endpoint_type: a.endpoint_type,
		wait_for_customer: a.wait_for_customer,
		mode: a.mode,
		language_id: a.language_id,
		transcriber_provider_id: a.transcriber_provider_id,
		synthesizer_provider_id: a.synthesizer_provider_id,
		chat_llm_fallback_id: a.chat_llm_fallback_id,
		turn_detection_threshold:
			a.turn_detection_threshold === null ? null : decimal(a.turn_detection_threshold),
		tts_emotion_enabled: a.tts_emotion_enabled,
		secondary_language_ids: a.secondary_language_ids,
		folder_id: a.folder_id,
		label_ids: a.label_ids,
		ringing_time: a.ringing_time,
		max_initial_silence_duration: a.max_initial_silence_duration,
		reengagement_prompt: a.reengagement_prompt,
		voice_mail_message: a.voice_mail_message,
		conversation_inactivity_timeout: a.conversation_inactivity_timeout,
		conversation_ended_retrigger: a.conversation_ended_retrigger,
		conversation_ended_webhook_url: a.conversation_ended_webhook_url,
		llm_model_id: a.llm_model_id,
		multimodal_model_id: a.multimodal_model_id,
		ambient_sound: a.ambient_sound,
		uuid: a.uuid,
		send_webhook_only_on_completed: a.send_webhook_only_on_completed,
		include_recording_in_webhook: a.include_recording_in_webhook,
		filler_config: { enabled: a.fillers, phrases: Object.values(a.filler_config ?? {}).flat() },
		knowledgebase_id: a.knowledgebase_id,
		knowledgebase_mode: a.knowledgebase_id === null ? 'semantic' : a.knowledgebase_mode,
		min_interrupt_words: a.use_min_interrupt_words ? a.min_interrupt_words : 0,
		widget_settings: { enabled: false },
	};
}

/**
 * Stored settings the list page (https://docs.famulor.de/en/api-reference/assistants/list) does not
 * show: the current docs take them on create and update, no page shows them in an answer.
 */
const UNLISTED_SETTINGS = [
	'chat_llm_fallback_id',
	'turn_detection_threshold',
	'tts_emotion_enabled',
	'secondary_language_ids',
	'folder_id',
	'label_ids',
	'reengagement_prompt',
	'voice_mail_message',
	'conversation_inactivity_timeout',
	'conversation_ended_retrigger',
] as const;

/** An item of the assistants list: the documented record, plus the fields the options allow. */
export function listedAssistant(
	a: Assistant,
	beyondDocs: BeyondDocsSettings,
): Record<string, unknown> {
	const record = fullAssistant(a, beyondDocs.assistantToolIds);
	for (const field of UNLISTED_SETTINGS) delete record[field];
	if (!beyondDocs.assistantConversationEndedWebhookUrl)
		delete record.conversation_ended_webhook_url;
	return record;
}

export function outboundAssistant(a: Assistant): Record<string, unknown> {
	return {
		id: a.id,
		user_id: a.user_id,
		name: a.name,
		type: a.type,
		mode: a.mode,
		status: a.status,
		voice_id: a.voice_id,
		language_id: a.language_id,
		timezone: a.timezone,
		initial_message: a.initial_message,
		system_prompt: a.system_prompt,
		variables: a.variables,
		webhook_url: a.webhook_url,
		is_webhook_active: a.is_webhook_active,
		created_at: iso6(a.created_at),
		updated_at: iso6(a.updated_at),
	};
}

export function assistantSummary(a: Assistant): Record<string, unknown> {
	return { id: a.id, name: a.name, status: a.status, type: a.type, mode: a.mode };
}
