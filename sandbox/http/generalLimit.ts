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
import type { GeneralLimit, RateLimit } from '../model/options';
import type { User } from '../model/accounts';
import { currentWindow, secondsLeft, type RateWindow } from './rateLimit';
import { send } from './respond';

/**
 * `false` switches the limit off; an object replaces either window, and `windowScale` multiplies both
 * windows' lengths (0.1: 20 per 1 s and 100 per 6 s), so a test meets the limit's shape in less time.
 */
export type GeneralLimitOption =
	false | { sustained?: RateLimit; burst?: RateLimit; windowScale?: number };

export const DOCUMENTED_GENERAL_LIMIT: GeneralLimit = {
	sustained: { limit: 100, windowMs: 60_000 },
	burst: { limit: 20, windowMs: 10_000 },
};

function checkRate(name: string, rl: RateLimit): RateLimit {
	if (
		!Number.isInteger(rl.limit) ||
		rl.limit < 1 ||
		!Number.isFinite(rl.windowMs) ||
		rl.windowMs <= 0
	) {
		throw new Error(`generalRateLimit.${name} needs an integer limit >= 1 and a windowMs > 0`);
	}
	return rl;
}

/** The limit an option asks for: the documented one by default; `false` = off. */
export function resolveGeneralLimit(option: GeneralLimitOption | undefined): GeneralLimit | false {
	if (option === false) return false;
	const scale = option?.windowScale ?? 1;
	if (!Number.isFinite(scale) || scale <= 0)
		throw new Error('generalRateLimit.windowScale must be a number > 0');
	const scaled = (rl: RateLimit): RateLimit => ({ limit: rl.limit, windowMs: rl.windowMs * scale });
	return {
		sustained: checkRate(
			'sustained',
			option?.sustained ?? scaled(DOCUMENTED_GENERAL_LIMIT.sustained),
		),
		burst: checkRate('burst', option?.burst ?? scaled(DOCUMENTED_GENERAL_LIMIT.burst)),
	};
}

const KEY_PREFIX = 'general-';

/** Forgets what the general limit has counted (after it changes). */
export function forgetGeneralCounts(sb: Sandbox): void {
	for (const key of [...sb.rate.keys()]) if (key.startsWith(KEY_PREFIX)) sb.rate.delete(key);
}

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
