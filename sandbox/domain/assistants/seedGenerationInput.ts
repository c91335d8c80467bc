/** Assistant create/update input: the field rules and the mapping of accepted fields onto the stored assistant. */
import { LANGUAGES, LLM_MODELS, MULTIMODAL_MODELS, VOICES } from '../../model/catalogues';
import type { Assistant, PostCallItem } from '../../model/assistants';
import type { State } from '../../model/store';
import type { User } from '../../model/accounts';
import type { Body } from '../validation';
import { addError, checkValue, Errors, getPath, isPlainObject, validate } from '../validation';

const ASSISTANT_RULES: Record<string, string[]> = {
	assistant_name: ['string', 'max:255'],
	voice_id: ['integer'],
	language: ['string', 'max:100'],
	llm_model: ['string', 'max:100'],
	calls_direction: ['string', 'in:receive,make'],
	engine_type: ['string', 'in:pipeline,multimodal'],
	timezone: ['string', 'timezone'],
	initial_message: ['string'],
	system_prompt: ['string'],
	phone_number_id: ['nullable', 'integer'],
	tool_ids: ['nullable', 'array'],
	endpoint_type: ['string', 'in:vad,ai'],
	endpoint_sensitivity: ['numeric', 'between:0,5'],
	interrupt_sensitivity: ['numeric', 'between:0,5'],
	ambient_sound_volume: ['numeric', 'between:0,1'],
	post_call_evaluation: ['boolean'],
	send_webhook_only_on_completed: ['boolean'],
	include_recording_in_webhook: ['boolean'],
	is_webhook_active: ['boolean'],
	webhook_url: ['nullable', 'string', 'url'],
	use_min_interrupt_words: ['boolean'],
	min_interrupt_words: ['integer', 'between:0,10'],
	variables: ['nullable', 'object'],
	post_call_schema: ['nullable', 'array'],
	end_call_tool: ['nullable', 'object'],
	'end_call_tool.description': ['nullable', 'string', 'max:500'],
	llm_temperature: ['numeric', 'between:0,1'],
	voice_stability: ['numeric', 'between:0,1'],
	voice_similarity: ['numeric', 'between:0,1'],
	speech_speed: ['numeric', 'between:0.7,1.2'],
	allow_interruptions: ['boolean'],
	filler_audios: ['boolean'],
	re_engagement_interval: ['integer', 'between:7,600'],
	max_call_duration: ['integer', 'between:20,1200'],
	max_silence_duration: ['integer', 'between:1,120'],
	end_call_on_voicemail: ['boolean'],
	noise_cancellation: ['boolean'],
	record_call: ['boolean'],
	who_speaks_first: ['string', 'in:AI assistant,Customer'],
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
	const rules: Record<string, string[]> = {};
	for (const [f, r] of Object.entries(ASSISTANT_RULES)) {
		rules[f] = !existing && REQUIRED_ON_CREATE.includes(f) ? ['required', ...r] : r;
	}
	const errors = validate(b, rules);
	const patch: Partial<Assistant> = {};
	const has = (f: string): boolean => b[f] !== undefined && !errors[f];

	if (has('assistant_name')) patch.name = b.assistant_name as string;
	if (has('voice_id')) {
		if (!VOICES.some((v) => v.id === b.voice_id))
			addError(errors, 'voice_id', 'The selected voice id is invalid.');
		else patch.voice_id = b.voice_id as number;
	}
	if (has('language')) {
		const name = (b.language as string).toLowerCase();
		const lang = LANGUAGES.find((l) => l.name.toLowerCase() === name);
		if (!lang) addError(errors, 'language', 'The selected language is invalid.');
		else patch.language_id = lang.id;
	}
	if (has('llm_model')) {
		const m = findModel(b.llm_model as string);
		if (!m) addError(errors, 'llm_model', 'The selected llm model is invalid.');
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
			const p = s.phoneNumbers.get(b.phone_number_id as number);
			if (!p || p.user_id !== user.id)
				addError(errors, 'phone_number_id', 'The selected phone number id is invalid.');
			else patch.phone_number_id = p.id;
		}
	}
	if (b.tool_ids !== undefined && !errors.tool_ids) {
		const ids = (b.tool_ids ?? []) as unknown[];
		const ok: number[] = [];
		ids.forEach((id, i) => {
			if (typeof id !== 'number' || !Number.isInteger(id)) {
				addError(errors, `tool_ids.${i}`, `The tool_ids.${i} must be an integer.`);
				return;
			}
			const t = s.tools.get(id);
			if (!t || t.user_id !== user.id)
				addError(errors, `tool_ids.${i}`, `The selected tool_ids.${i} is invalid.`);
			else if (!ok.includes(id)) ok.push(id);
		});
		patch.tool_ids = ok;
	}
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
	if (b.webhook_url !== undefined && !errors.webhook_url) {
		patch.webhook_url = b.webhook_url as string | null;
		if (b.webhook_url === null) patch.is_webhook_active = false;
	}
	// webhook_url is required when is_webhook_active is true
	if (b.is_webhook_active === true) {
		const url = b.webhook_url !== undefined ? b.webhook_url : (existing?.webhook_url ?? null);
		if ((url === null || url === '') && !errors.webhook_url) {
			addError(
				errors,
				'webhook_url',
				'The webhook url field is required when is webhook active is true.',
			);
		}
	}
	if (has('min_interrupt_words')) patch.min_interrupt_words = b.min_interrupt_words as number;
	if (b.variables !== undefined && !errors.variables)
		patch.variables = (b.variables ?? {}) as Record<string, unknown>;
	if (b.post_call_schema !== undefined && !errors.post_call_schema) {
		const items = (b.post_call_schema ?? []) as unknown[];
		const out: PostCallItem[] = [];
		items.forEach((item, i) => {
			const f = `post_call_schema.${i}`;
			if (!isPlainObject(item)) {
				addError(errors, f, `The ${f} must be an object.`);
				return;
			}
			const e1 = checkValue(
				`${f}.name`,
				item.name,
				['required', 'string', 'max:255'],
				item.name !== undefined,
			);
			const e2 = checkValue(
				`${f}.type`,
				item.type,
				['required', 'string', 'in:string,number,bool,boolean'],
				item.type !== undefined,
			);
			const e3 = checkValue(
				`${f}.description`,
				item.description,
				['required', 'string', 'max:255'],
				item.description !== undefined,
			);
			if (e1) addError(errors, `${f}.name`, e1);
			if (e2) addError(errors, `${f}.type`, e2);
			if (e3) addError(errors, `${f}.description`, e3);
			if (!e1 && !e2 && !e3)
				out.push({
					name: item.name as string,
					type: item.type as string,
					description: item.description as string,
				});
		});
		patch.post_call_schema = out;
	}
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
