/**
 * Fixed rate-limit windows (Laravel throttle semantics: a window starts with its first request;
 * rejected requests do not count), counted per key in the sandbox's rate counters.
 */
import type { RateLimit } from '../../model/options';
import type { Sandbox } from '../../model/sandbox';

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
