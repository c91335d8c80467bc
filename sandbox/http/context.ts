/** What the hooks and handlers learn about one request (its log entry, user, upload summary, unparsable body). */
import type { FastifyRequest } from 'fastify';
import type { RequestLogEntry } from '../model/logs';
import type { User } from '../model/accounts';

export interface UploadSummary {
	fields: Record<string, unknown>;
	files: Array<{ field: string; filename: string; mimetype: string; size: number; sha256: string }>;
}

interface RequestContext {
	entry?: RequestLogEntry;
	user?: User;
	multipart?: UploadSummary;
	rawBody?: string;
}

const contexts = new WeakMap<object, RequestContext>();

export function requestContext(req: FastifyRequest): RequestContext {
	let v = contexts.get(req.raw);
	if (!v) {
		v = {};
		contexts.set(req.raw, v);
	}
	return v;
}

/** The authenticated user; the auth hook has answered 401 before any API handler runs without one. */
export function userOf(req: FastifyRequest): User {
	const u = requestContext(req).user;
	if (!u) throw new Error('no user on request');
	return u;
}
