/** The request pipeline, in order: control token, or request log → fault injection → user token → latency → general limit. */
import type { FastifyInstance } from 'fastify';
import type { Sandbox } from '../../model/sandbox';
import { requestContext, userOf } from '../context';
import { withinGeneralLimit } from '../generalLimit';
import { pathOf } from '../input';
import { INDEX_PATH } from '../routes/indexPage';
import { authenticateUser, checkControlToken, isControlRequest } from './auth';
import { injectFault } from './faults';
import { simulateLatency } from './latency';
import { completeLogEntry, logRequest } from './requestLog';

export function registerHooks(app: FastifyInstance, sb: Sandbox): void {
	app.addHook('onRequest', async (req, reply) => {
		if (isControlRequest(req)) return checkControlToken(req, reply);
		// The index page is for people, not part of the API: no token, no log.
		if (req.method === 'GET' && pathOf(req) === INDEX_PATH) return;
		const entry = logRequest(sb, req);
		requestContext(req).entry = entry;
		const faulted = injectFault(sb, req, reply, entry);
		if (faulted) return faulted;
		// Unknown routes answer 404 before authentication, as Laravel does.
		if (!req.routeOptions.url) return;
		const denied = authenticateUser(sb, req, reply);
		if (denied) return denied;
		await simulateLatency(sb);
		if (!withinGeneralLimit(sb, reply, userOf(req))) return reply;
	});
	app.addHook('onResponse', completeLogEntry);
}
