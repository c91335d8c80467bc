/** Assistants and the records they use (tools, folders and labels), and an assistant's stored defaults. */
import { LLM_MODELS, type EngineMode } from './catalogues';
import { uuidFrom } from './ids';

export interface PostCallItem {
	name: string;
	type: string;
	description: string;
}

export interface Assistant {
	id: number;
	user_id: number;
	uuid: string;
	name: string;
	type: 'inbound' | 'outbound';
	mode: EngineMode;
	status: 'active' | 'inactive';
	voice_id: number;
	language_id: number;
	llm_model: string;
	llm_model_id: number;
	multimodal_model_id: number | null;
	timezone: string;
	initial_message: string;
	system_prompt: string;
	phone_number_id: number | null;
	tool_ids: number[];
	endpoint_type: string;
	endpoint_sensitivity: number;
	interrupt_sensitivity: number;
	ambient_sound_volume: number;
	post_call_evaluation: boolean;
	send_webhook_only_on_completed: boolean;
	include_recording_in_webhook: boolean;
	is_webhook_active: boolean;
	webhook_url: string | null;
	inbound_webhook_url: string | null;
	/** chat (widget, WhatsApp) conversation-ended webhook; null when off */
	conversation_ended_webhook_url: string | null;
	use_min_interrupt_words: boolean;
	min_interrupt_words: number;
	variables: Record<string, unknown>;
	post_call_schema: PostCallItem[];
	end_call_tool_description: string | null;
	llm_temperature: number;
	voice_stability: number;
	voice_similarity: number;
	speech_speed: number;
	allow_interruptions: boolean;
	fillers: boolean;
	reengagement_interval: number;
	max_duration: number;
	max_silence_duration: number;
	end_call_on_voicemail: boolean;
	enable_noise_cancellation: boolean;
	record: boolean;
	wait_for_customer: boolean;
	knowledgebase_id: number | null;
	/** Fields only the current API generation sets (https://docs.famulor.de/en/api-reference/assistants/create). */
	knowledgebase_mode: 'function_call' | 'prompt';
	secondary_language_ids: number[];
	folder_id: number | null;
	label_ids: number[];
	/** built-in tools as sent: `{type, ...fields}` */
	builtin_tools: Array<Record<string, unknown>>;
	tts_emotion_enabled: boolean;
	synthesizer_provider_id: number | null;
	transcriber_provider_id: number | null;
	chat_llm_fallback_id: number | null;
	turn_detection_threshold: number | null;
	filler_config: Record<string, string[]> | null;
	max_initial_silence_duration: number | null;
	ringing_time: number;
	reengagement_prompt: string | null;
	voice_mail_message: string | null;
	ambient_sound: string;
	conversation_inactivity_timeout: number;
	conversation_ended_retrigger: boolean;
	created_at: number;
	updated_at: number;
}

/** A folder or a label: both organise assistants and share one shape. */
export interface Organizer {
	id: number;
	user_id: number;
	name: string;
	color: string | null;
}

export interface Tool {
	id: number;
	user_id: number;
	name: string;
	description: string;
	endpoint: string;
	method: string;
	timeout: number;
	headers: Array<{ name: string; value: string }>;
	schema: Array<{ name: string; type: string; description: string }>;
	created_at: number;
	updated_at: number;
}

/** A new assistant: the service's defaults for every field the caller does not set. */
export function withAssistantDefaults(
	now: number,
	partial: Partial<Assistant> & Pick<Assistant, 'id' | 'user_id' | 'name' | 'type'>,
): Assistant {
	return {
		uuid: uuidFrom(`assistant-${partial.id}`),
		mode: 'pipeline',
		status: 'active',
		voice_id: 1001,
		language_id: 5,
		llm_model: LLM_MODELS[0].name,
		llm_model_id: LLM_MODELS[0].id,
		multimodal_model_id: null,
		timezone: 'Europe/Berlin',
		initial_message: 'Hallo, wie kann ich helfen?',
		system_prompt: 'You are a helpful assistant.',
		phone_number_id: null,
		tool_ids: [],
		endpoint_type: 'vad',
		endpoint_sensitivity: 0.5,
		interrupt_sensitivity: 0.5,
		ambient_sound_volume: 0.5,
		post_call_evaluation: true,
		send_webhook_only_on_completed: true,
		include_recording_in_webhook: true,
		is_webhook_active: false,
		webhook_url: null,
		inbound_webhook_url: null,
		conversation_ended_webhook_url: null,
		use_min_interrupt_words: false,
		min_interrupt_words: 0,
		variables: {},
		post_call_schema: [],
		end_call_tool_description: null,
		llm_temperature: 0.1,
		voice_stability: 0.7,
		voice_similarity: 0.5,
		speech_speed: 1,
		allow_interruptions: true,
		fillers: false,
		reengagement_interval: 30,
		max_duration: 600,
		max_silence_duration: 40,
		end_call_on_voicemail: true,
		enable_noise_cancellation: true,
		record: false,
		wait_for_customer: false,
		knowledgebase_id: null,
		knowledgebase_mode: 'function_call',
		secondary_language_ids: [],
		folder_id: null,
		label_ids: [],
		builtin_tools: [],
		tts_emotion_enabled: true,
		synthesizer_provider_id: null,
		transcriber_provider_id: null,
		chat_llm_fallback_id: null,
		turn_detection_threshold: null,
		filler_config: null,
		max_initial_silence_duration: null,
		ringing_time: 30,
		reengagement_prompt: null,
		voice_mail_message: null,
		ambient_sound: 'off',
		conversation_inactivity_timeout: 30,
		conversation_ended_retrigger: false,
		created_at: now,
		updated_at: now,
		...partial,
	};
}
