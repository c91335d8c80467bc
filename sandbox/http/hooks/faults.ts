/** Fault injection: the next matching request gets a server error, a 429, a broken body, a reset or a held socket. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Fault, RequestLogEntry } from '../../model/logs';
import type { Sandbox } from '../../model/sandbox';
import { pathOf } from '../input';
import { send } from '../respond';

/** `path` matches exactly, or as a prefix when it ends in `*`. */
export function pathMatches(pattern: string, path: string): boolean {
	return pattern === path || (pattern.endsWith('*') && path.startsWith(pattern.slice(0, -1)));
}

function takeFault(sb: Sandbox, method: string, path: string): Fault | undefined {
	const i = sb.faults.findIndex(
		(f) =>
			(!f.method || f.method.toUpperCase() === method.toUpperCase()) && pathMatches(f.path, path),
	);
	if (i < 0) return undefined;
	const f = sb.faults[i];
	if (f.skip !== undefined && f.skip > 0) {
		f.skip--;
		return undefined;
	}
	f.count--;
	if (f.count <= 0) sb.faults.splice(i, 1);
	return f;
}

/** Uses up one matching fault and answers with it; undefined when none matches. */
export function injectFault(
	sb: Sandbox,
	req: FastifyRequest,
	reply: FastifyReply,
	entry: RequestLogEntry,
): FastifyReply | undefined {
	const fault = takeFault(sb, req.method, pathOf(req));
	if (!fault) return undefined;
	entry.fault = fault.kind;
	switch (fault.kind) {
		case '500':
			entry.status = 500;
			return send(reply, 500, { message: 'Server Error' });
		case '502':
			entry.status = 502;
			return reply
				.code(502)
				.header('content-type', 'text/html')
				.send(
					'<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
				);
		case '503':
			entry.status = 503;
			return send(reply, 503, { message: 'Service Unavailable' });
		case '429': {
			entry.status = 429;
			const ra = fault.retryAfter ?? 60;
			reply.header('Retry-After', String(ra));
			return send(reply, 429, { message: 'Too Many Attempts.', retry_after: ra });
		}
		case 'malformed':
			entry.status = 200;
			return reply
				.code(200)
				.header('content-type', 'application/json')
				.send('{"data": [{"id": 1, "name": "trunc');
		case 'reset':
			reply.hijack();
			req.raw.socket.destroy();
			return reply;
		case 'timeout':
			reply.hijack();
			holdSocket(sb, req);
			return reply;
		default:
			return undefined;
	}
}

/** Keeps the socket open without answering until the webhook timeout, then drops it. */
function holdSocket(sb: Sandbox, req: FastifyRequest): void {
	const sock = req.raw.socket;
	const t = setTimeout(() => {
		sb.heldSockets.delete(sock);
		sock.destroy();
	}, sb.opts.webhookTimeoutMs);
	sb.heldSockets.set(sock, t);
	sock.once('close', () => {
		clearTimeout(t);
		sb.heldSockets.delete(sock);
	});
}
