/**
 * The engine mode's rules on current-generation assistant input
 * (https://docs.famulor.de/en/api-reference/assistants/create): which models, voices and settings each
 * mode allows, and the settings a change of mode resets.
 */
import type { User } from '../../model/accounts';
import type { Assistant } from '../../model/assistants';
import {
	DUALPLEX_MODELS,
	EngineMode,
	LLM_MODELS,
	MULTIMODAL_MODELS,
	VOICES,
} from '../../model/catalogues';
import type { State } from '../../model/store';
import { addError, isPlainObject, type Body, type Errors } from '../validation';
import { inCatalogue, rejectSelection } from './ruleKinds';

/** What every check of one request reads: the store, the user, the body, its errors so far, the stored assistant (update) and its engine mode and type. */
export interface Context {
	s: State;
	user: User;
	b: Body;
	errors: Errors;
	existing?: Assistant;
	mode: EngineMode;
	type: Assistant['type'];
}

/** The field was sent, not null, and its own rule passed. */
export function ok(c: Context, field: string): boolean {
	return c.b[field] !== undefined && c.b[field] !== null && !c.errors[field];
}

function modelsOf(mode: EngineMode): Array<{ id: number }> {
	return mode === 'dualplex'
		? DUALPLEX_MODELS
		: mode === 'multimodal'
			? MULTIMODAL_MODELS
			: LLM_MODELS;
}

/** The engine mode decides which model, voice and settings are allowed. */
export function checkModeRules(c: Context, patch: Partial<Assistant>): void {
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
		if (!inCatalogue(LLM_MODELS, b.llm_model_id)) rejectSelection(errors, 'llm_model_id');
		else patch.llm_model_id = b.llm_model_id as number;
	}
	if (ok(c, 'multimodal_model_id')) {
		if (!realtime || !inCatalogue(modelsOf(mode), b.multimodal_model_id))
			rejectSelection(errors, 'multimodal_model_id');
		else patch.multimodal_model_id = b.multimodal_model_id as number;
	}
	if (ok(c, 'chat_llm_fallback_id') && !inCatalogue(LLM_MODELS, b.chat_llm_fallback_id))
		rejectSelection(errors, 'chat_llm_fallback_id');
	const voiceId = b.voice_id ?? (modeChanged ? c.existing?.voice_id : undefined);
	if (voiceId !== undefined && !errors.voice_id) {
		const voice = VOICES.find((v) => v.id === voiceId);
		if (!voice) rejectSelection(errors, 'voice_id');
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
export function resetForModeChange(c: Context, patch: Partial<Assistant>): void {
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
