/**
 * The per-endpoint rate limits' answer (fixed windows: domain/rateLimits/windows.ts); the general limit
 * every API request counts against is in generalLimit.ts.
 */
import type { FastifyReply } from 'fastify';
import type { RateLimit } from '../model/options';
import type { Sandbox } from '../model/sandbox';
import { send } from './respond';
import { currentWindow, secondsLeft } from '../domain/rateLimits/windows';

/**
 * Counts one request against an endpoint's own limit, or answers 429 and returns false. Only the
 * general limit sends the X-RateLimit-* headers: the docs show them for it alone. The 429's body is
 * the documented one (https://docs.famulor.de/en/api-reference/ai-replies/generate-reply); a
 * `Retry-After` header only under the option `endpointLimitRetryAfterHeader`.
 */
export function withinRateLimit(
	sb: Sandbox,
	reply: FastifyReply,
	key: string,
	rl: RateLimit,
): boolean {
	const w = currentWindow(sb, key, rl);
	if (w.count >= rl.limit) {
		const retryAfter = secondsLeft(sb, w, rl);
		if (sb.opts.beyondDocs.endpointLimitRetryAfterHeader)
			reply.header('Retry-After', String(retryAfter));
		send(reply, 429, { message: 'Too Many Attempts.', retry_after: retryAfter });
		return false;
	}
	w.count++;
	return true;
}
