/**
 * Fixed-window rate limits (Laravel throttle semantics: a window starts with its first request;
 * rejected requests do not count). The per-endpoint limits live here; the general limit every API
 * request counts against is in generalLimit.ts.
 */
import type { FastifyReply } from 'fastify';
import type { RateLimit } from '../model/options';
import type { Sandbox } from '../model/sandbox';
import { send } from './respond';

export interface RateWindow {
	start: number;
	count: number;
}

/** The window `key` is in now: the running one, or a fresh one once the last has run out. */
export function currentWindow(sb: Sandbox, key: string, rl: RateLimit): RateWindow {
	const now = sb.now();
	let w = sb.rate.get(key);
	if (!w || now >= w.start + rl.windowMs) {
		w = { start: now, count: 0 };
		sb.rate.set(key, w);
	}
	return w;
}

/** Whole seconds (at least 1) until the window ends, as `retry_after` states them. */
export function secondsLeft(sb: Sandbox, w: RateWindow, rl: RateLimit): number {
	return Math.max(1, Math.ceil((w.start + rl.windowMs - sb.now()) / 1000));
}

/**
 * Counts one request against an endpoint's own limit, or answers 429 and returns false. Only the
 * general limit sends the X-RateLimit-* headers: the docs show them for it alone.
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
		reply.header('Retry-After', String(retryAfter));
		send(reply, 429, { message: 'Too Many Attempts.', retry_after: retryAfter });
		return false;
	}
	w.count++;
	return true;
}
