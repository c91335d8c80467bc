/** Fixed-window rate limits (Laravel throttle semantics: rejected requests do not count). */
import type { FastifyReply } from 'fastify';
import type { RateLimit, Sandbox } from '../sandbox';
import { send } from './respond';

function tooMany(reply: FastifyReply, retryAfter: number, limit: number): FastifyReply {
	reply.header('Retry-After', String(retryAfter));
	reply.header('X-RateLimit-Limit', String(limit));
	reply.header('X-RateLimit-Remaining', '0');
	return send(reply, 429, { message: 'Too Many Attempts.', retry_after: retryAfter });
}

function hit(sb: Sandbox, key: string, rl: RateLimit): { ok: true; remaining: number } | { ok: false; retryAfter: number } {
	const now = sb.now();
	let w = sb.rate.get(key);
	if (!w || now >= w.start + rl.windowMs) {
		w = { start: now, count: 0 };
		sb.rate.set(key, w);
	}
	if (w.count >= rl.limit) {
		return { ok: false, retryAfter: Math.max(1, Math.ceil((w.start + rl.windowMs - now) / 1000)) };
	}
	w.count++;
	return { ok: true, remaining: rl.limit - w.count };
}

/** Counts one request against `key`: sets the X-RateLimit headers, or answers 429 and returns false. */
export function withinRateLimit(sb: Sandbox, reply: FastifyReply, key: string, rl: RateLimit): boolean {
	const h = hit(sb, key, rl);
	if (!h.ok) {
		tooMany(reply, h.retryAfter, rl.limit);
		return false;
	}
	reply.header('X-RateLimit-Limit', String(rl.limit));
	reply.header('X-RateLimit-Remaining', String(h.remaining));
	return true;
}
