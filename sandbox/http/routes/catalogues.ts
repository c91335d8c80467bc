/** The catalogues: languages, voices, models, TTS/STT providers and the numbers an assistant may use. */
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context';
import { query } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import {
	DUALPLEX_MODELS,
	LANGUAGES,
	LLM_MODELS,
	MULTIMODAL_MODELS,
	SYNTHESIZER_PROVIDERS,
	TRANSCRIBER_PROVIDERS,
	VOICES,
} from '../../model/catalogues';
import { addError, Errors, hasErrors, intParam } from '../../domain/validation';

const MODES = ['pipeline', 'multimodal', 'dualplex'];

/** The optional integer `language_id` query parameter; an invalid one adds its error. */
function languageParam(errors: Errors, v: string | undefined): number | undefined {
	const id = intParam(v);
	if (id !== undefined && Number.isNaN(id))
		addError(errors, 'language_id', 'The language id must be an integer.');
	return id;
}

export function registerCatalogueRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.get('/api/user/assistants/languages', async (_req, reply) => send(reply, 200, LANGUAGES));

	// https://docs.famulor.de/en/api-reference/assistants/voices
	app.get('/api/user/assistants/voices', async (req, reply) => {
		const q = query(req);
		const errors: Errors = {};
		const lang = languageParam(errors, q.language_id);
		if (q.mode !== undefined && !MODES.includes(q.mode))
			addError(errors, 'mode', 'The selected mode is invalid.');
		if (hasErrors(errors)) return laravel422(reply, errors);
		const list = VOICES.filter(
			(v) =>
				(lang === undefined || v.language_id === lang) &&
				(q.mode === undefined || v.modes.includes(q.mode as never)),
		).map((v) => ({
			id: v.id,
			name: v.name,
			language_id: v.language_id,
			gender: v.gender,
			preview_url: v.preview_url,
			accent: v.accent,
			age: v.age,
			synthesizer_provider_id: v.synthesizer_provider_id,
		}));
		return send(reply, 200, list);
	});

	// https://docs.famulor.de/en/api-reference/assistants/models
	app.get('/api/user/assistants/models', async (req, reply) => {
		const type = query(req).type ?? 'llm';
		if (type === 'llm') return send(reply, 200, LLM_MODELS);
		if (type === 'multimodal') return send(reply, 200, MULTIMODAL_MODELS);
		if (type === 'dualplex') return send(reply, 200, DUALPLEX_MODELS);
		return laravel422(reply, { type: ['The selected type is invalid.'] });
	});

	// https://docs.famulor.de/en/api-reference/assistants/synthesizer-providers and .../transcriber-providers
	for (const [path, providers] of [
		['/api/user/assistants/synthesizer-providers', SYNTHESIZER_PROVIDERS],
		['/api/user/assistants/transcriber-providers', TRANSCRIBER_PROVIDERS],
	] as const) {
		app.get(path, async (req, reply) => {
			const errors: Errors = {};
			const lang = languageParam(errors, query(req).language_id);
			if (hasErrors(errors)) return laravel422(reply, errors);
			const list = providers
				.filter((p) => lang === undefined || p.language_ids.includes(lang))
				.map(({ id, name, code }) => ({ id, name, code }));
			return send(reply, 200, list);
		});
	}

	// https://docs.famulor.de/en/api-reference/assistants/phone-numbers: inbound leaves out caller IDs and numbers of other inbound assistants
	app.get('/api/user/assistants/phone-numbers', async (req, reply) => {
		const user = userOf(req);
		const type = query(req).type;
		if (type !== undefined && type !== 'inbound' && type !== 'outbound')
			return laravel422(reply, { type: ['The selected type is invalid.'] });
		const inboundTaken = new Set(
			[...sb.state.assistants.values()]
				.filter((a) => a.type === 'inbound' && a.phone_number_id !== null)
				.map((a) => a.phone_number_id),
		);
		const list = [...sb.state.phoneNumbers.values()]
			.filter(
				(p) =>
					p.user_id === user.id &&
					(type !== 'inbound' || (p.type !== 'caller_id' && !inboundTaken.has(p.id))),
			)
			.sort((x, y) => x.id - y.id)
			.map((p) => ({
				id: p.id,
				phone_number: p.phone_number,
				country_code: p.country_code,
				type_label: p.type_label,
				is_available: !inboundTaken.has(p.id),
			}));
		return send(reply, 200, list);
	});
}
