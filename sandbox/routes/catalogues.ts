/** The fixed catalogues: languages, voices and models. */
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, LLM_MODELS, MULTIMODAL_MODELS, VOICES } from '../seed';
import { query } from '../http/input';
import { laravel422, send } from '../http/respond';
import { intParam } from '../validation';

export function registerCatalogueRoutes(app: FastifyInstance): void {
	app.get('/api/user/assistants/languages', async (_req, reply) => send(reply, 200, LANGUAGES));

	app.get('/api/user/assistants/voices', async (req, reply) => {
		const q = query(req);
		const lang = intParam(q.language_id);
		const list = VOICES.filter((v) => lang === undefined || v.language_id === lang);
		return send(reply, 200, list);
	});

	app.get('/api/user/assistants/models', async (req, reply) => {
		const type = query(req).type ?? 'llm';
		if (type === 'llm') return send(reply, 200, LLM_MODELS);
		if (type === 'multimodal') return send(reply, 200, MULTIMODAL_MODELS);
		if (type === 'dualplex') return send(reply, 200, []);
		return laravel422(reply, { type: ['The selected type is invalid.'] });
	});
}
