/**
 * Assistant create/update input of the current API generation
 * (https://docs.famulor.de/en/api-reference/assistants/create and .../update): field rules, the mode
 * constraints, ownership of every referenced record, and the mapping onto the stored assistant.
 */
import type { Body } from '../validation';
import {
	DUALPLEX_MODELS,
	EngineMode,
	LANGUAGES,
	LLM_MODELS,
	MULTIMODAL_MODELS,
	SYNTHESIZER_PROVIDERS,
	TRANSCRIBER_PROVIDERS,
	VOICES,
} from '../../model/catalogues';
import type { Assistant, Organizer, PostCallItem } from '../../model/assistants';
import type { State } from '../../model/store';
import type { User } from '../../model/accounts';
import { validateBuiltinTools } from './builtinTools';
import { addError, checkValue, Errors, isPlainObject, validate } from '../validation';

const RULES: Record<string, string[]> = {
	name: ['string', 'max:255'],
	voice_id: ['integer'],
	language_id: ['integer'],
	type: ['string', 'in:inbound,outbound'],
	mode: ['string', 'in:pipeline,multimodal,dualplex'],
	timezone: ['string', 'timezone'],
	initial_message: ['string', 'max:200'],
	system_prompt: ['string'],
	llm_model_id: ['integer'],
	multimodal_model_id: ['integer'],
	chat_llm_fallback_id: ['nullable', 'integer'],
	turn_detection_threshold: ['nullable', 'numeric', 'between:0,1'],
	secondary_language_ids: ['array'],
	knowledgebase_id: ['nullable', 'integer'],
	knowledgebase_mode: ['string', 'in:function_call,prompt'],
	folder_id: ['nullable', 'integer'],
	label_ids: ['array'],
	phone_number_id: ['nullable', 'integer'],
	tool_ids: ['array'],
	tools: ['array'],
	tts_emotion_enabled: ['boolean'],
	voice_stability: ['numeric', 'between:0,1'],
	voice_similarity: ['numeric', 'between:0,1'],
	speech_speed: ['numeric', 'between:0.7,1.2'],
	llm_temperature: ['numeric', 'between:0,1'],
	synthesizer_provider_id: ['nullable', 'integer'],
	transcriber_provider_id: ['nullable', 'integer'],
	allow_interruptions: ['boolean'],
	fillers: ['boolean'],
	filler_config: ['object'],
	record: ['boolean'],
	enable_noise_cancellation: ['boolean'],
	wait_for_customer: ['boolean'],
	max_duration: ['integer', 'between:20,1200'],
	max_silence_duration: ['integer', 'between:1,360'],
	max_initial_silence_duration: ['nullable', 'integer', 'between:1,120'],
	ringing_time: ['integer', 'between:1,60'],
	reengagement_interval: ['integer', 'between:7,600'],
	reengagement_prompt: ['nullable', 'string', 'max:1000'],
	end_call_on_voicemail: ['boolean'],
	voice_mail_message: ['nullable', 'string', 'max:1000'],
	endpoint_type: ['string', 'in:vad,ai'],
	endpoint_sensitivity: ['numeric', 'between:0,5'],
	interrupt_sensitivity: ['numeric', 'between:0,5'],
	min_interrupt_words: ['nullable', 'integer', 'between:0,10'],
	ambient_sound: ['string', 'in:off,office,city,forest,crowded_room,cafe,nature'],
	ambient_sound_volume: ['numeric', 'between:0,1'],
	is_webhook_active: ['boolean'],
	webhook_url: ['nullable', 'string', 'url'],
	send_webhook_only_on_completed: ['boolean'],
	include_recording_in_webhook: ['boolean'],
	post_call_evaluation: ['boolean'],
	post_call_schema: ['array'],
	variables: ['nullable', 'object'],
	conversation_inactivity_timeout: ['integer', 'between:1,1440'],
	conversation_ended_retrigger: ['boolean'],
	conversation_ended_webhook_url: ['nullable', 'string', 'url'],
};
const REQUIRED_ON_CREATE = [
	'name',
	'voice_id',
	'language_id',
	'type',
	'mode',
	'timezone',
	'initial_message',
	'system_prompt',
];

/** Fields stored as sent (after their rule passed). */
const COPIED = Object.keys(RULES).filter(
	(f) =>
		![
			'phone_number_id',
			'tool_ids',
			'tools',
			'label_ids',
			'secondary_language_ids',
			'post_call_schema',
			'variables',
			'filler_config',
			'min_interrupt_words',
		].includes(f),
);

const FILLER_CATEGORIES = ['positive', 'negative', 'question', 'neutral'];
const POST_CALL_NAME = /^[a-z0-9_]{3,16}$/;

interface Context {
	s: State;
	user: User;
	b: Body;
	errors: Errors;
	existing?: Assistant;
	mode: EngineMode;
	type: Assistant['type'];
}

function ok(c: Context, field: string): boolean {
	return c.b[field] !== undefined && c.b[field] !== null && !c.errors[field];
}

function owned<T extends { user_id: number }>(
	map: Map<number, T>,
	user: User,
	id: unknown,
): T | undefined {
	const record = typeof id === 'number' ? map.get(id) : undefined;
	return record && record.user_id === user.id ? record : undefined;
}

/** Each entry of an id array must be an integer that `exists`; returns the distinct valid ids. */
function idList(c: Context, field: string, exists: (id: number) => boolean): number[] {
	const out: number[] = [];
	(c.b[field] as unknown[]).forEach((id, i) => {
		const at = `${field}.${i}`;
		if (typeof id !== 'number' || !Number.isInteger(id))
			addError(c.errors, at, `The ${at} must be an integer.`);
		else if (!exists(id)) addError(c.errors, at, `The selected ${at} is invalid.`);
		else if (!out.includes(id)) out.push(id);
	});
	return out;
}

function modelsOf(mode: EngineMode): Array<{ id: number }> {
	return mode === 'dualplex'
		? DUALPLEX_MODELS
		: mode === 'multimodal'
			? MULTIMODAL_MODELS
			: LLM_MODELS;
}

/** The engine mode decides which model, voice and settings are allowed. */
function checkModeRules(c: Context, patch: Partial<Assistant>): void {
	const { b, errors, mode } = c;
	const realtime = mode !== 'pipeline';
	const modeChanged = !c.existing || (b.mode !== undefined && b.mode !== c.existing.mode);
	const modelField = realtime ? 'multimodal_model_id' : 'llm_model_id';
	if (modeChanged && b[modelField] === undefined && !errors.mode) {
		addError(
			errors,
			modelField,
			`The ${modelField.replace(/_/g, ' ')} field is required when mode is ${mode}.`,
		);
	}
	if (ok(c, 'llm_model_id')) {
		if (!LLM_MODELS.some((m) => m.id === b.llm_model_id))
			addError(errors, 'llm_model_id', 'The selected llm model id is invalid.');
		else patch.llm_model_id = b.llm_model_id as number;
	}
	if (ok(c, 'multimodal_model_id')) {
		if (!realtime || !modelsOf(mode).some((m) => m.id === b.multimodal_model_id)) {
			addError(errors, 'multimodal_model_id', 'The selected multimodal model id is invalid.');
		} else patch.multimodal_model_id = b.multimodal_model_id as number;
	}
	if (ok(c, 'chat_llm_fallback_id') && !LLM_MODELS.some((m) => m.id === b.chat_llm_fallback_id)) {
		addError(errors, 'chat_llm_fallback_id', 'The selected chat llm fallback id is invalid.');
	}
	const voiceId = b.voice_id ?? (modeChanged ? c.existing?.voice_id : undefined);
	if (voiceId !== undefined && !errors.voice_id) {
		const voice = VOICES.find((v) => v.id === voiceId);
		if (!voice) addError(errors, 'voice_id', 'The selected voice id is invalid.');
		else if (!voice.modes.includes(mode))
			addError(
				errors,
				'voice_id',
				'The selected voice is not compatible with the chosen engine type.',
			);
	}
	if (realtime) {
		if (b.knowledgebase_mode === 'prompt')
			addError(
				errors,
				'knowledgebase_mode',
				'Only function_call mode is available for multimodal assistants.',
			);
		if (b.allow_interruptions === false)
			addError(
				errors,
				'allow_interruptions',
				'Interruptions cannot be disabled for multimodal assistants.',
			);
		if (b.fillers === true || isPlainObject(b.filler_config))
			addError(
				errors,
				b.fillers === true ? 'fillers' : 'filler_config',
				'Fillers are only available in pipeline mode.',
			);
		if (ok(c, 'transcriber_provider_id'))
			addError(
				errors,
				'transcriber_provider_id',
				'The transcriber provider is only available in pipeline mode.',
			);
	}
}

/** Changing the mode of a stored assistant resets the mode-specific settings to the new mode's defaults. */
function resetForModeChange(c: Context, patch: Partial<Assistant>): void {
	if (!c.existing || c.b.mode === undefined || c.errors.mode || c.b.mode === c.existing.mode)
		return;
	Object.assign(patch, {
		fillers: false,
		filler_config: null,
		transcriber_provider_id: null,
		knowledgebase_mode: 'function_call',
		allow_interruptions: true,
		chat_llm_fallback_id: null,
		turn_detection_threshold: null,
	});
	if (c.mode === 'pipeline') patch.multimodal_model_id = null;
}

function checkReferences(c: Context, patch: Partial<Assistant>): void {
	const { s, user, b, errors } = c;
	if (ok(c, 'language_id') && !LANGUAGES.some((l) => l.id === b.language_id))
		addError(errors, 'language_id', 'The selected language id is invalid.');
	if (b.secondary_language_ids !== undefined && !errors.secondary_language_ids) {
		patch.secondary_language_ids = idList(c, 'secondary_language_ids', (id) =>
			LANGUAGES.some((l) => l.id === id),
		);
	}
	if (ok(c, 'knowledgebase_id') && !owned(s.knowledgeBases, user, b.knowledgebase_id))
		addError(errors, 'knowledgebase_id', 'The selected knowledgebase id is invalid.');
	if (ok(c, 'folder_id') && !owned(s.folders, user, b.folder_id))
		addError(errors, 'folder_id', 'The selected folder id is invalid.');
	if (b.label_ids !== undefined && !errors.label_ids)
		patch.label_ids = idList(
			c,
			'label_ids',
			(id) => owned<Organizer>(s.labels, user, id) !== undefined,
		);
	if (b.tool_ids !== undefined && !errors.tool_ids)
		patch.tool_ids = idList(c, 'tool_ids', (id) => owned(s.tools, user, id) !== undefined);
	if (
		ok(c, 'synthesizer_provider_id') &&
		!SYNTHESIZER_PROVIDERS.some((p) => p.id === b.synthesizer_provider_id)
	) {
		addError(errors, 'synthesizer_provider_id', 'The selected synthesizer provider id is invalid.');
	}
	if (
		ok(c, 'transcriber_provider_id') &&
		!TRANSCRIBER_PROVIDERS.some((p) => p.id === b.transcriber_provider_id)
	) {
		addError(errors, 'transcriber_provider_id', 'The selected transcriber provider id is invalid.');
	}
	checkPhoneNumber(c, patch);
}

/** Own number; an inbound assistant's number is no caller ID and serves no other inbound assistant. */
function checkPhoneNumber(c: Context, patch: Partial<Assistant>): void {
	const { s, user, b, errors } = c;
	if (b.phone_number_id === undefined || errors.phone_number_id) return;
	if (b.phone_number_id === null) {
		patch.phone_number_id = null;
		return;
	}
	const phone = owned(s.phoneNumbers, user, b.phone_number_id);
	if (!phone)
		return addError(errors, 'phone_number_id', 'The selected phone number id is invalid.');
	if (c.type === 'inbound') {
		if (phone.type === 'caller_id')
			return addError(
				errors,
				'phone_number_id',
				'Caller ID numbers cannot be assigned to inbound assistants.',
			);
		const taken = [...s.assistants.values()].some(
			(a) => a.type === 'inbound' && a.phone_number_id === phone.id && a.id !== c.existing?.id,
		);
		if (taken)
			return addError(
				errors,
				'phone_number_id',
				'The selected phone number is already assigned to another inbound assistant.',
			);
	}
	patch.phone_number_id = phone.id;
}

function postCallSchema(c: Context): PostCallItem[] {
	const out: PostCallItem[] = [];
	(c.b.post_call_schema as unknown[]).forEach((item, i) => {
		const f = `post_call_schema.${i}`;
		if (!isPlainObject(item)) return addError(c.errors, f, `The ${f} must be an object.`);
		const checks: Array<[string, string[]]> = [
			['name', ['required', 'string']],
			['type', ['required', 'string', 'in:string,number,bool']],
			['description', ['required', 'string', 'between:3,255']],
		];
		let valid = true;
		for (const [key, rules] of checks) {
			const e = checkValue(`${f}.${key}`, item[key], rules, item[key] !== undefined);
			if (e) {
				addError(c.errors, `${f}.${key}`, e);
				valid = false;
			}
		}
		if (typeof item.name === 'string' && !POST_CALL_NAME.test(item.name)) {
			addError(
				c.errors,
				`${f}.name`,
				`The ${f}.name must be 3 to 16 characters of lowercase letters, digits and underscores.`,
			);
			valid = false;
		}
		if (valid)
			out.push({
				name: item.name as string,
				type: item.type as string,
				description: item.description as string,
			});
	});
	return out;
}

function fillerConfig(c: Context): Record<string, string[]> | undefined {
	const config = c.b.filler_config as Record<string, unknown>;
	const out: Record<string, string[]> = {};
	for (const [key, phrases] of Object.entries(config)) {
		if (!FILLER_CATEGORIES.includes(key))
			addError(c.errors, `filler_config.${key}`, `The filler_config.${key} field is prohibited.`);
		else if (!Array.isArray(phrases) || phrases.some((p) => typeof p !== 'string'))
			addError(
				c.errors,
				`filler_config.${key}`,
				`The filler_config.${key} must be an array of strings.`,
			);
		else out[key] = phrases as string[];
	}
	return out;
}

/** Validates current-generation assistant input; returns errors and the patch of stored fields. */
export function validateAssistantCurrent(
	s: State,
	user: User,
	b: Body,
	existing?: Assistant,
): { errors: Errors; patch: Partial<Assistant> } {
	const rules: Record<string, string[]> = {};
	for (const [f, r] of Object.entries(RULES))
		rules[f] = !existing && REQUIRED_ON_CREATE.includes(f) ? ['required', ...r] : r;
	const errors = validate(b, rules);
	const mode = (
		!errors.mode && typeof b.mode === 'string' ? b.mode : (existing?.mode ?? 'pipeline')
	) as EngineMode;
	const type = (
		!errors.type && typeof b.type === 'string' ? b.type : (existing?.type ?? 'outbound')
	) as Assistant['type'];
	const c: Context = { s, user, b, errors, existing, mode, type };
	const patch: Partial<Assistant> = {};
	resetForModeChange(c, patch);
	for (const f of COPIED)
		if (b[f] !== undefined && !errors[f]) (patch as Record<string, unknown>)[f] = b[f];
	checkModeRules(c, patch);
	checkReferences(c, patch);
	if (b.tools !== undefined && !errors.tools)
		patch.builtin_tools = validateBuiltinTools(s, user, b.tools as unknown[], errors, existing?.id);
	if (b.post_call_schema !== undefined && !errors.post_call_schema)
		patch.post_call_schema = postCallSchema(c);
	if (ok(c, 'filler_config')) patch.filler_config = fillerConfig(c) ?? null;
	if (b.variables !== undefined && !errors.variables)
		patch.variables = (b.variables ?? {}) as Record<string, unknown>;
	if (b.min_interrupt_words !== undefined && !errors.min_interrupt_words) {
		// sending the count turns the rule on; null turns it off
		patch.use_min_interrupt_words = b.min_interrupt_words !== null;
		patch.min_interrupt_words = (b.min_interrupt_words ?? 0) as number;
	}
	if (b.webhook_url === null && !errors.webhook_url) patch.is_webhook_active = false;
	if (b.is_webhook_active === true) {
		const url = b.webhook_url !== undefined ? b.webhook_url : (existing?.webhook_url ?? null);
		if ((url === null || url === '') && !errors.webhook_url)
			addError(
				errors,
				'webhook_url',
				'The webhook url field is required when is webhook active is true.',
			);
	}
	return { errors, patch };
}
