/** Serialisation of records in the shapes the service returns. */
import { languageById } from './model/catalogues';
import type { Assistant } from './model/assistants';
import type { Call } from './model/calls';
import type { Conversation } from './model/messaging';
import type { DocumentRec, KnowledgeBase } from './model/knowledgeBases';
import type { PhoneNumber } from './model/phoneNumbers';
import type { State } from './model/store';

/** "2025-07-15T14:32:15.000000Z" (Laravel's default JSON date format). */
export function iso6(ms: number): string {
	return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** "2026-02-25T10:30:00+00:00" */
export function isoOffset(ms: number): string {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** "2025-01-25 14:30:00" */
export function sqlDate(ms: number): string {
	return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Balances and costs keep four decimals. */
export function roundAmount(n: number): number {
	return Math.round(n * 10_000) / 10_000;
}

export function decimal(n: number): string {
	return n.toFixed(2);
}

export function outputSchemaType(t: string): string {
	return t === 'bool' ? 'boolean' : t;
}

export function fullAssistant(s: State, a: Assistant): Record<string, unknown> {
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
		// mid-call tools by name (older list shape), then built-in tools as {type, data} (current list shape)
		tools: [
			...a.tool_ids
				.map((id) => s.tools.get(id)?.name)
				.filter((n): n is string => typeof n === 'string'),
			...a.builtin_tools.map(({ type, ...data }) => ({ type, data })),
		],
		tool_ids: a.tool_ids,
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
		created_at: iso6(a.created_at),
		updated_at: iso6(a.updated_at),
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

export function phoneNumberRecord(p: PhoneNumber): Record<string, unknown> {
	return {
		id: p.id,
		phone_number: p.phone_number,
		nickname: p.nickname,
		country_code: p.country_code,
		type: p.type,
		type_label: p.type_label,
		sms_capable: p.sms_capable,
		region: p.region,
		has_active_subscription: p.has_active_subscription,
		created_at: iso6(p.created_at),
	};
}

export function conversationRecord(s: State, c: Conversation): Record<string, unknown> {
	const a = s.assistants.get(c.assistant_id);
	const out: Record<string, unknown> = {
		id: c.uuid,
		assistant_id: a?.uuid ?? null,
		assistant_name: a?.name ?? null,
		type: c.type,
		variables: c.variables,
	};
	if (c.type === 'api') out.external_identifier = c.external_identifier;
	Object.assign(out, {
		message_count: c.message_count,
		total_cost: roundAmount(c.total_cost),
		ai_enabled: c.ai_enabled,
		created_at: sqlDate(c.created_at),
		updated_at: sqlDate(c.updated_at),
	});
	if (c.type === 'whatsapp') {
		const sender = c.sender_id !== null ? s.senders.get(c.sender_id) : undefined;
		out.whatsapp_sender = {
			name: sender?.display_name ?? null,
			phone: sender?.phone_number ?? null,
		};
		out.customer = { name: c.customer_name, phone: c.customer_phone };
	}
	return out;
}

const STATUS_LABEL: Record<string, string> = {
	empty: 'Empty',
	processing: 'Processing',
	active: 'Active',
	failed: 'Failed',
};
const TYPE_LABEL: Record<string, string> = {
	website: 'Website',
	pdf: 'PDF',
	txt: 'Text',
	docx: 'Word',
};

export function kbStatus(s: State, kb: KnowledgeBase): string {
	const docs = [...s.documents.values()].filter((d) => d.knowledgebase_id === kb.id);
	if (docs.length === 0) return 'empty';
	if (docs.some((d) => d.status === 'processing')) return 'processing';
	if (docs.some((d) => d.status === 'active')) return 'active';
	return 'failed';
}

export function kbRecord(
	s: State,
	kb: KnowledgeBase,
	withCounts: boolean,
): Record<string, unknown> {
	const status = kbStatus(s, kb);
	const out: Record<string, unknown> = {
		id: kb.id,
		name: kb.name,
		description: kb.description,
		status,
		status_label: STATUS_LABEL[status],
	};
	if (withCounts) {
		out.documents_count = [...s.documents.values()].filter(
			(d) => d.knowledgebase_id === kb.id,
		).length;
		out.assistants_count = [...s.assistants.values()].filter(
			(a) => a.knowledgebase_id === kb.id,
		).length;
	}
	out.created_at = iso6(kb.created_at);
	out.updated_at = iso6(kb.updated_at);
	return out;
}

export function documentRecord(d: DocumentRec): Record<string, unknown> {
	return {
		id: d.id,
		name: d.name,
		description: d.description,
		type: d.type,
		type_label: TYPE_LABEL[d.type],
		status: d.status,
		status_label: STATUS_LABEL[d.status],
		created_at: iso6(d.created_at),
		updated_at: iso6(d.updated_at),
	};
}

export function callRecord(c: Call): Record<string, unknown> {
	return {
		id: c.id,
		assistant_id: c.assistant_id,
		user_id: c.user_id,
		type: c.type,
		customer_phone: c.customer_phone,
		assistant_phone: c.assistant_phone,
		status: c.status,
		duration: c.duration,
		transcript: c.transcript,
		extracted_variables: c.extracted_variables,
		input_variables: c.input_variables,
		recording_url: c.recording_url,
		created_at: iso6(c.created_at),
		updated_at: iso6(c.updated_at),
		finished_at: c.finished_at === null ? null : iso6(c.finished_at),
	};
}

/** Post-call webhook payload (https://docs.famulor.de/en/api-reference/webhooks/post-call): every key present, null where absent. */
export function webhookPayload(c: Call): Record<string, unknown> {
	return {
		id: c.id,
		customer_phone: c.customer_phone,
		assistant_phone: c.assistant_phone,
		duration: c.duration,
		status: c.status,
		extracted_variables: c.extracted_variables ?? {},
		input_variables: c.input_variables ?? {},
		transcript: c.transcript,
		recording_url: c.recording_url,
		created_at: iso6(c.created_at),
		finished_at: iso6(c.finished_at ?? c.updated_at),
		lead: null,
		campaign: null,
	};
}
