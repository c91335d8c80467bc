/** Authentication: the control token for /__sandbox/*, a user's API token (tenancy) for everything else. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTROL_TOKEN, type User } from '../../model/accounts';
import type { Sandbox } from '../../model/sandbox';
import { requestContext } from '../context';
import { pathOf } from '../input';
import { send } from '../respond';

export const CONTROL_PREFIX = '/__sandbox';

export function isControlRequest(req: FastifyRequest): boolean {
	return pathOf(req).startsWith(CONTROL_PREFIX);
}

/** Answers 401 unless the request carries the control token. */
export function checkControlToken(
	req: FastifyRequest,
	reply: FastifyReply,
): FastifyReply | undefined {
	const auth = req.headers.authorization ?? '';
	if (auth !== `Bearer ${CONTROL_TOKEN}`) return send(reply, 401, { message: 'Unauthenticated.' });
	return undefined;
}

function userOfAuthorization(sb: Sandbox, auth: string | undefined): User | undefined {
	const m = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth.trim()) : null;
	return m ? sb.state.userByToken(m[1]) : undefined;
}

/** Puts the token's user on the request context, or answers 401 as the service does. */
export function authenticateUser(
	sb: Sandbox,
	req: FastifyRequest,
	reply: FastifyReply,
): FastifyReply | undefined {
	const auth = req.headers.authorization;
	const user = userOfAuthorization(sb, auth);
	if (!user) {
		// The AI on/off pages document their own 401 body.
		if (pathOf(req).startsWith('/api/automate/'))
			return send(reply, 401, { error: 'Unauthorized' });
		if (typeof auth !== 'string' || auth.trim() === '') {
			return send(reply, 401, {
				error: 'Missing Authorization header',
				message: 'Authorization header is required',
			});
		}
		return send(reply, 401, {
			error: 'Invalid API key',
			message: 'The provided API key is invalid or expired',
		});
	}
	requestContext(req).user = user;
	return undefined;
}
