/**
 * The service's general limit on every API request, per token: 100 requests a minute with bursts of
 * at most 20 in 10 s (https://docs.famulor.de/en/api-reference/authentication). A request counts
 * against both windows, and against an endpoint's own limit as well (rateLimit.ts): this check runs
 * first, so a request it rejects never reaches the endpoint's.
 *
 * Headers, as the guide shows them: `X-RateLimit-Limit` and `X-RateLimit-Remaining` of the minute
 * window, `X-RateLimit-Reset` in Unix seconds. On a 429 Remaining is 0 and Reset is when the window
 * that refused ends. The guide names no `Retry-After` header, so the 429 carries only its body's
 * `retry_after`.
 */
import type { FastifyReply } from 'fastify';
import type { Sandbox } from '../model/sandbox';
import type { RateLimit } from '../model/options';
import type { User } from '../model/accounts';
import { currentWindow, secondsLeft, type RateWindow } from '../domain/rateLimits/windows';
import { send } from './respond';
import { KEY_PREFIX } from '../domain/rateLimits/generalLimit';

const unixSeconds = (ms: number): string => String(Math.ceil(ms / 1000));

/** Counts one API request of `user` against the general limit: sets the headers, or answers 429 and returns false. */
export function withinGeneralLimit(sb: Sandbox, reply: FastifyReply, user: User): boolean {
	const limit = sb.opts.generalRateLimit;
	if (!limit) return true;
	const windows: Array<[RateWindow, RateLimit]> = [
		[currentWindow(sb, `${KEY_PREFIX}minute|${user.token}`, limit.sustained), limit.sustained],
		[currentWindow(sb, `${KEY_PREFIX}burst|${user.token}`, limit.burst), limit.burst],
	];
	const [sustained] = windows[0];
	reply.header('X-RateLimit-Limit', String(limit.sustained.limit));
	const refusing = windows.filter(([w, rl]) => w.count >= rl.limit);
	if (refusing.length > 0) {
		const retryAfter = Math.max(...refusing.map(([w, rl]) => secondsLeft(sb, w, rl)));
		const resetMs = Math.max(...refusing.map(([w, rl]) => w.start + rl.windowMs));
		reply.header('X-RateLimit-Remaining', '0');
		reply.header('X-RateLimit-Reset', unixSeconds(resetMs));
		send(reply, 429, {
			error: 'Rate limit exceeded',
			message: 'Too many requests. Please try again later.',
			retry_after: retryAfter,
		});
		return false;
	}
	for (const [w] of windows) w.count++;
	reply.header('X-RateLimit-Remaining', String(limit.sustained.limit - sustained.count));
	reply.header('X-RateLimit-Reset', unixSeconds(sustained.start + limit.sustained.windowMs));
	return true;
}
