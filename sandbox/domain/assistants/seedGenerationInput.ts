/**
 * Assistant create/update input of the seed generation (the seed specification's names: assistant_name,
 * language, llm_model, …): its table of fields and rule kinds (ruleKinds.ts), and the mapping of the
 * accepted fields onto the stored assistant.
 */
import { LANGUAGES, LLM_MODELS, MULTIMODAL_MODELS, VOICES } from '../../model/catalogues';
import type { User } from '../../model/accounts';
import type { Assistant } from '../../model/assistants';
import type { State } from '../../model/store';
import { getPath, validate, type Body, type Errors, type Rules } from '../validation';
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
	timeZone,
	webAddress,
	wholeNumber,
	wholeRange,
	type PostCallItemRules,
} from './ruleKinds';

/** The seed generation's fields (the seed specification's names) and the kind of rule each follows. */
const SEED_GENERATION_FIELDS: Rules = {
	assistant_name: text(255),
	voice_id: wholeNumber(),
	language: text(100),
	llm_model: text(100),
	calls_direction: choice('receive', 'make'),
	engine_type: choice('pipeline', 'multimodal'),
	timezone: timeZone(),
	initial_message: text(),
	system_prompt: text(),
	phone_number_id: nullable(wholeNumber()),
	tool_ids: nullable(list()),
	endpoint_type: choice('vad', 'ai'),
	endpoint_sensitivity: range(0, 5),
	interrupt_sensitivity: range(0, 5),
	ambient_sound_volume: range(0, 1),
	post_call_evaluation: flag(),
	send_webhook_only_on_completed: flag(),
	include_recording_in_webhook: flag(),
	is_webhook_active: flag(),
	webhook_url: nullable(webAddress()),
	use_min_interrupt_words: flag(),
	min_interrupt_words: wholeRange(0, 10),
	variables: nullable(object()),
	post_call_schema: nullable(list()),
	end_call_tool: nullable(object()),
	'end_call_tool.description': nullable(text(500)),
	llm_temperature: range(0, 1),
	voice_stability: range(0, 1),
	voice_similarity: range(0, 1),
	speech_speed: range(0.7, 1.2),
	allow_interruptions: flag(),
	filler_audios: flag(),
	re_engagement_interval: wholeRange(7, 600),
	max_call_duration: wholeRange(20, 1200),
	max_silence_duration: wholeRange(1, 120),
	end_call_on_voicemail: flag(),
	noise_cancellation: flag(),
	record_call: flag(),
	who_speaks_first: choice('AI assistant', 'Customer'),
};
const REQUIRED_ON_CREATE = [
	'assistant_name',
	'voice_id',
	'language',
	'llm_model',
	'calls_direction',
	'engine_type',
	'timezone',
	'initial_message',
	'system_prompt',
];

const POST_CALL_ITEMS: PostCallItemRules = {
	name: required(text(255)),
	type: required(choice('string', 'number', 'bool', 'boolean')),
	description: required(text(255)),
};

function findModel(name: string): { id: number; multimodal: boolean } | undefined {
	const n = name.toLowerCase();
	const l = LLM_MODELS.find((m) => m.name.toLowerCase() === n);
	if (l) return { id: l.id, multimodal: false };
	const mm = MULTIMODAL_MODELS.find(
		(m) => m.name.toLowerCase() === n || m.code.toLowerCase() === n,
	);
	if (mm) return { id: mm.id, multimodal: true };
	return undefined;
}

/** Validates assistant input; returns errors and the patch of stored fields. */
export function validateAssistant(
	s: State,
	user: User,
	b: Body,
	existing?: Assistant,
): { errors: Errors; patch: Partial<Assistant> } {
	const errors = validate(b, tableFor(SEED_GENERATION_FIELDS, REQUIRED_ON_CREATE, !existing));
	const patch: Partial<Assistant> = {};
	const has = (f: string): boolean => b[f] !== undefined && !errors[f];

	if (has('assistant_name')) patch.name = b.assistant_name as string;
	if (has('voice_id')) {
		if (!inCatalogue(VOICES, b.voice_id)) rejectSelection(errors, 'voice_id');
		else patch.voice_id = b.voice_id as number;
	}
	if (has('language')) {
		const name = (b.language as string).toLowerCase();
		const lang = LANGUAGES.find((l) => l.name.toLowerCase() === name);
		if (!lang) rejectSelection(errors, 'language');
		else patch.language_id = lang.id;
	}
	if (has('llm_model')) {
		const m = findModel(b.llm_model as string);
		if (!m) rejectSelection(errors, 'llm_model');
		else {
			patch.llm_model = b.llm_model as string;
			if (m.multimodal) patch.multimodal_model_id = m.id;
			else patch.llm_model_id = m.id;
		}
	}
	if (has('calls_direction')) patch.type = b.calls_direction === 'receive' ? 'inbound' : 'outbound';
	if (has('engine_type')) patch.mode = b.engine_type as Assistant['mode'];
	if (has('timezone')) patch.timezone = b.timezone as string;
	if (has('initial_message')) patch.initial_message = b.initial_message as string;
	if (has('system_prompt')) patch.system_prompt = b.system_prompt as string;
	if (b.phone_number_id !== undefined && !errors.phone_number_id) {
		if (b.phone_number_id === null) patch.phone_number_id = null;
		else {
			const phone = ownRecord(s.phoneNumbers, user, b.phone_number_id);
			if (!phone) rejectSelection(errors, 'phone_number_id');
			else patch.phone_number_id = phone.id;
		}
	}
	if (b.tool_ids !== undefined && !errors.tool_ids)
		patch.tool_ids = idList(
			errors,
			'tool_ids',
			(b.tool_ids ?? []) as unknown[],
			(id) => ownRecord(s.tools, user, id) !== undefined,
		);
	if (has('endpoint_type')) patch.endpoint_type = b.endpoint_type as string;
	if (has('endpoint_sensitivity')) patch.endpoint_sensitivity = b.endpoint_sensitivity as number;
	if (has('interrupt_sensitivity')) patch.interrupt_sensitivity = b.interrupt_sensitivity as number;
	if (has('ambient_sound_volume')) patch.ambient_sound_volume = b.ambient_sound_volume as number;
	const bools: Array<[string, keyof Assistant]> = [
		['post_call_evaluation', 'post_call_evaluation'],
		['send_webhook_only_on_completed', 'send_webhook_only_on_completed'],
		['include_recording_in_webhook', 'include_recording_in_webhook'],
		['is_webhook_active', 'is_webhook_active'],
		['use_min_interrupt_words', 'use_min_interrupt_words'],
		['allow_interruptions', 'allow_interruptions'],
		['filler_audios', 'fillers'],
		['end_call_on_voicemail', 'end_call_on_voicemail'],
		['noise_cancellation', 'enable_noise_cancellation'],
		['record_call', 'record'],
	];
	for (const [input, stored] of bools)
		if (has(input)) (patch as Record<string, unknown>)[stored] = b[input];
	if (b.webhook_url !== undefined && !errors.webhook_url)
		patch.webhook_url = b.webhook_url as string | null;
	checkWebhookSwitch(b, errors, patch, existing);
	if (has('min_interrupt_words')) patch.min_interrupt_words = b.min_interrupt_words as number;
	if (b.variables !== undefined && !errors.variables)
		patch.variables = (b.variables ?? {}) as Record<string, unknown>;
	if (b.post_call_schema !== undefined && !errors.post_call_schema)
		patch.post_call_schema = postCallItems(
			errors,
			(b.post_call_schema ?? []) as unknown[],
			POST_CALL_ITEMS,
		);
	const ect = getPath(b, 'end_call_tool.description');
	if (ect !== undefined && !errors['end_call_tool.description'] && !errors.end_call_tool) {
		patch.end_call_tool_description = ect as string | null;
	}
	if (has('llm_temperature')) patch.llm_temperature = b.llm_temperature as number;
	if (has('voice_stability')) patch.voice_stability = b.voice_stability as number;
	if (has('voice_similarity')) patch.voice_similarity = b.voice_similarity as number;
	if (has('speech_speed')) patch.speech_speed = b.speech_speed as number;
	if (has('re_engagement_interval'))
		patch.reengagement_interval = b.re_engagement_interval as number;
	if (has('max_call_duration')) patch.max_duration = b.max_call_duration as number;
	if (has('max_silence_duration')) patch.max_silence_duration = b.max_silence_duration as number;
	if (has('who_speaks_first')) patch.wait_for_customer = b.who_speaks_first === 'Customer';
	return { errors, patch };
}
