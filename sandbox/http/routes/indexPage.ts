/** GET /: a short page naming the sandbox, its tokens, and every endpoint and control it serves. */
import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from '../hooks/auth';
import { CONTROL_TOKEN, TOKENS } from '../../model/accounts';

export const INDEX_PATH = '/';

/** Call before registering the other routes: it lists what they register. */
export function registerIndexPage(app: FastifyInstance): void {
	const routes: string[] = [];
	app.addHook('onRoute', (route) => {
		const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
			(method) => method !== 'HEAD',
		);
		if (route.url !== INDEX_PATH && methods.length > 0)
			routes.push(`${methods.join(',').padEnd(7)} ${route.url}`);
	});
	app.get(INDEX_PATH, async (_req, reply) => {
		const api = routes
			.filter((route) => !route.includes(CONTROL_PREFIX))
			.sort((a, b) => a.slice(8).localeCompare(b.slice(8)));
		const controls = routes
			.filter((route) => route.includes(CONTROL_PREFIX))
			.sort((a, b) => a.slice(8).localeCompare(b.slice(8)));
		const page = [
			'Famulor API sandbox: a strict local copy of the Famulor API for building and testing workflows (no balance spent, nobody dialled).',
			'',
			`API tokens (Authorization: Bearer <token>): alice ${TOKENS.alice}, bob ${TOKENS.bob}`,
			`Controls (Authorization: Bearer ${CONTROL_TOKEN}) under ${CONTROL_PREFIX}/`,
			'',
			`Endpoints (${api.length}):`,
			...api.map((route) => `  ${route}`),
			'',
			`Controls (${controls.length}):`,
			...controls.map((route) => `  ${route}`),
			'',
		].join('\n');
		return reply.code(200).type('text/plain; charset=utf-8').send(page);
	});
}
