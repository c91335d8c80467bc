/**
 * The service's general limit on every API request, per token: 100 requests a minute with bursts of
 * at most 20 in 10 s (https://docs.famulor.de/en/api-reference/authentication). Here: which limit a
 * sandbox option asks for, and the keys of its two windows; http/generalLimit.ts counts and answers.
 */
import type { GeneralLimit, RateLimit } from '../../model/options';
import type { Sandbox } from '../../model/sandbox';

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

/** The general limit's windows in the rate counters: `general-minute|<token>`, `general-burst|<token>`. */
export const KEY_PREFIX = 'general-';

/** Forgets what the general limit has counted (after it changes). */
export function forgetGeneralCounts(sb: Sandbox): void {
	for (const key of [...sb.rate.keys()]) if (key.startsWith(KEY_PREFIX)) sb.rate.delete(key);
}
