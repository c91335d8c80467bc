/**
 * Assistant create/update input of the current API generation
 * (https://docs.famulor.de/en/api-reference/assistants/create and .../update): its table of fields
 * and rule kinds (ruleKinds.ts), the mode constraints (engineModeRules.ts), the records it
 * references, and the mapping onto the stored assistant.
 */
import type { User } from '../../model/accounts';
import type { Assistant } from '../../model/assistants';
import {
	EngineMode,
	LANGUAGES,
	SYNTHESIZER_PROVIDERS,
	TRANSCRIBER_PROVIDERS,
} from '../../model/catalogues';
import type { State } from '../../model/store';
import { addError, validate, type Body, type Errors, type Rules } from '../validation';
import { validateBuiltinTools } from './builtinTools';
import { checkModeRules, ok, resetForModeChange, type Context } from './engineModeRules';
import {
	checkWebhookSwitch,
	choice,
	flag,
	idList,
	inCatalogue,
	list,
	nullable,
	object,
	ownRecord,
	postCallItems,
	range,
	rejectSelection,
	required,
	tableFor,
	text,
	textBetween,
	timeZone,
	webAddress,
	wholeNumber,
	wholeRange,
	type PostCallItemRules,
} from './ruleKinds';

/** The current generation's fields (https://docs.famulor.de/en/api-reference/assistants/create) and the kind of rule each follows. */
const CURRENT_GENERATION_FIELDS: Rules = {
	name: text(255),
	voice_id: wholeNumber(),
	language_id: wholeNumber(),
	type: choice('inbound', 'outbound'),
	mode: choice('pipeline', 'multimodal', 'dualplex'),
	timezone: timeZone(),
	initial_message: text(200),
	system_prompt: text(),
	llm_model_id: wholeNumber(),
	multimodal_model_id: wholeNumber(),
	chat_llm_fallback_id: nullable(wholeNumber()),
	turn_detection_threshold: nullable(range(0, 1)),
	secondary_language_ids: list(),
	knowledgebase_id: nullable(wholeNumber()),
	knowledgebase_mode: choice('function_call', 'prompt'),
	folder_id: nullable(wholeNumber()),
	label_ids: list(),
	phone_number_id: nullable(wholeNumber()),
	tool_ids: list(),
	tools: list(),
	tts_emotion_enabled: flag(),
	voice_stability: range(0, 1),
	voice_similarity: range(0, 1),
	speech_speed: range(0.7, 1.2),
	llm_temperature: range(0, 1),
	synthesizer_provider_id: nullable(wholeNumber()),
	transcriber_provider_id: nullable(wholeNumber()),
	allow_interruptions: flag(),
	fillers: flag(),
	filler_config: object(),
	record: flag(),
	enable_noise_cancellation: flag(),
	wait_for_customer: flag(),
	max_duration: wholeRange(20, 1200),
	max_silence_duration: wholeRange(1, 360),
	max_initial_silence_duration: nullable(wholeRange(1, 120)),
	ringing_time: wholeRange(1, 60),
	reengagement_interval: wholeRange(7, 600),
	reengagement_prompt: nullable(text(1000)),
	end_call_on_voicemail: flag(),
	voice_mail_message: nullable(text(1000)),
	endpoint_type: choice('vad', 'ai'),
	endpoint_sensitivity: range(0, 5),
	interrupt_sensitivity: range(0, 5),
	min_interrupt_words: nullable(wholeRange(0, 10)),
	ambient_sound: choice('off', 'office', 'city', 'forest', 'crowded_room', 'cafe', 'nature'),
	ambient_sound_volume: range(0, 1),
	is_webhook_active: flag(),
	webhook_url: nullable(webAddress()),
	send_webhook_only_on_completed: flag(),
	include_recording_in_webhook: flag(),
	post_call_evaluation: flag(),
	post_call_schema: list(),
	variables: nullable(object()),
	conversation_inactivity_timeout: wholeRange(1, 1440),
	conversation_ended_retrigger: flag(),
	conversation_ended_webhook_url: nullable(webAddress()),
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
const COPIED = Object.keys(CURRENT_GENERATION_FIELDS).filter(
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
const POST_CALL_ITEMS: PostCallItemRules = {
	name: required(text()),
	type: required(choice('string', 'number', 'bool')),
	description: required(textBetween(3, 255)),
	namePattern: {
		pattern: /^[a-z0-9_]{3,16}$/,
		message: (at) =>
			`The ${at} must be 3 to 16 characters of lowercase letters, digits and underscores.`,
	},
};

/** Catalogue entries and the user's own records that the assistant names by id. */
function checkReferences(c: Context, patch: Partial<Assistant>): void {
	const { s, user, b, errors } = c;
	const sent = (field: string): boolean => b[field] !== undefined && !errors[field];
	if (ok(c, 'language_id') && !inCatalogue(LANGUAGES, b.language_id))
		rejectSelection(errors, 'language_id');
	if (sent('secondary_language_ids'))
		patch.secondary_language_ids = idList(
			errors,
			'secondary_language_ids',
			b.secondary_language_ids as unknown[],
			(id) => inCatalogue(LANGUAGES, id),
		);
	if (ok(c, 'knowledgebase_id') && !ownRecord(s.knowledgeBases, user, b.knowledgebase_id))
		rejectSelection(errors, 'knowledgebase_id');
	if (ok(c, 'folder_id') && !ownRecord(s.folders, user, b.folder_id))
		rejectSelection(errors, 'folder_id');
	if (sent('label_ids'))
		patch.label_ids = idList(
			errors,
			'label_ids',
			b.label_ids as unknown[],
			(id) => ownRecord(s.labels, user, id) !== undefined,
		);
	if (sent('tool_ids'))
		patch.tool_ids = idList(
			errors,
			'tool_ids',
			b.tool_ids as unknown[],
			(id) => ownRecord(s.tools, user, id) !== undefined,
		);
	if (
		ok(c, 'synthesizer_provider_id') &&
		!inCatalogue(SYNTHESIZER_PROVIDERS, b.synthesizer_provider_id)
	)
		rejectSelection(errors, 'synthesizer_provider_id');
	if (
		ok(c, 'transcriber_provider_id') &&
		!inCatalogue(TRANSCRIBER_PROVIDERS, b.transcriber_provider_id)
	)
		rejectSelection(errors, 'transcriber_provider_id');
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
	const phone = ownRecord(s.phoneNumbers, user, b.phone_number_id);
	if (!phone) return rejectSelection(errors, 'phone_number_id');
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
	const errors = validate(b, tableFor(CURRENT_GENERATION_FIELDS, REQUIRED_ON_CREATE, !existing));
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
		patch.post_call_schema = postCallItems(
			errors,
			b.post_call_schema as unknown[],
			POST_CALL_ITEMS,
		);
	if (ok(c, 'filler_config')) patch.filler_config = fillerConfig(c) ?? null;
	if (b.variables !== undefined && !errors.variables)
		patch.variables = (b.variables ?? {}) as Record<string, unknown>;
	if (b.min_interrupt_words !== undefined && !errors.min_interrupt_words) {
		// sending the count turns the rule on; null turns it off
		patch.use_min_interrupt_words = b.min_interrupt_words !== null;
		patch.min_interrupt_words = (b.min_interrupt_words ?? 0) as number;
	}
	checkWebhookSwitch(b, errors, patch, existing);
	return { errors, patch };
}
