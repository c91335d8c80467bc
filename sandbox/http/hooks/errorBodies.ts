/** Error and not-found answers in the service's `{message}` shape. */
import type { FastifyInstance } from 'fastify';
import { pathOf } from '../input';
import { send } from '../respond';

export function registerErrorBodies(app: FastifyInstance): void {
	app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
		const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
		const message =
			err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
				? 'Unsupported content type.'
				: status >= 500
					? 'Server Error'
					: err.message;
		if (status >= 500) {
			console.error('[sandbox] internal error:', err);
		}
		return send(reply, status, { message });
	});
	app.setNotFoundHandler((req, reply) => {
		return send(reply, 404, {
			message: `The route ${pathOf(req).replace(/^\//, '')} could not be found.`,
		});
	});
}
