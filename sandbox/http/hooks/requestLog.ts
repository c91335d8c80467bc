/** The request log: an entry per API request on arrival (tokens masked), completed with status and body on response. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserName } from '../../model/accounts';
import { appendCapped, RequestLogEntry } from '../../model/logs';
import { Sandbox } from '../../model/sandbox';
import { requestContext } from '../context';
import { pathOf } from '../input';

export function logRequest(sb: Sandbox, req: FastifyRequest): RequestLogEntry {
	const headers: Record<string, unknown> = { ...req.headers };
	let user: UserName | null = null;
	const auth = req.headers.authorization;
	if (typeof auth === 'string') {
		const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
		const u = m ? sb.state.userByToken(m[1]) : undefined;
		user = u ? u.key : null;
		headers.authorization = u ? `Bearer <${u.key}>` : '<invalid>';
	}
	const entry: RequestLogEntry = {
		seq: ++sb.requestSeq,
		at: sb.now(),
		method: req.method,
		path: pathOf(req),
		query: { ...(req.query as Record<string, unknown>) },
		headers,
		user,
		contentType:
			typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : null,
		body: null,
		status: null,
	};
	appendCapped(sb.requests, entry);
	return entry;
}

/** onResponse: the status sent and the body received (upload summary, unparsable text or parsed JSON). */
export async function completeLogEntry(req: FastifyRequest, reply: FastifyReply): Promise<void> {
	const ctx = requestContext(req);
	const e = ctx.entry;
	if (!e) return;
	if (e.status === null) e.status = reply.statusCode;
	if (ctx.multipart) e.body = ctx.multipart;
	else if (ctx.rawBody !== undefined) e.body = ctx.rawBody;
	else if (req.body !== undefined) e.body = req.body;
}
