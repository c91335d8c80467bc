/** Credential settings the tests and the benchmark share. */
import {
	DOCUMENTED_GENERAL_LIMITS,
	DOCUMENTED_RATE_LIMITS,
} from '../nodes/shared/transport/constants';
import type { SandboxOptions } from '../sandbox';
import type { TestCredentials } from './engine';

/**
 * The node paces every request to the account-wide limit (100 per minute) by default; suites and
 * benchmark cases that are not about that limit switch the pacing off, as a user of an unlimited
 * sandbox would.
 */
export const UNPACED_GENERAL_LIMIT: Partial<TestCredentials> = {
	customRateLimits: true,
	generalLimit: 0,
	generalBurstLimit: 0,
};

/**
 * The documented limits with every window `scale` times as long, for the sandbox and the credential
 * alike: the same counts in a fraction of the time. The sandbox enforces the scaled windows and
 * reports them in its X-RateLimit-* headers; the credential's Custom Rate Limits name the same
 * windows, so the node paces to them instead of to the documented minute.
 */
export function scaledRateLimits(scale: number): {
	sandbox: Pick<SandboxOptions, 'generalRateLimit' | 'rateLimits'>;
	credential: Partial<TestCredentials>;
} {
	const [sustained, burst] = DOCUMENTED_GENERAL_LIMITS;
	const { generateReply, sendFreeform } = DOCUMENTED_RATE_LIMITS;
	const scaled = ({ limit, windowMs }: { limit: number; windowMs: number }) => ({
		limit,
		windowMs: windowMs * scale,
	});
	const seconds = (windowMs: number) => (windowMs * scale) / 1000;
	return {
		sandbox: {
			generalRateLimit: { windowScale: scale },
			rateLimits: { generateReply: scaled(generateReply), sendFreeform: scaled(sendFreeform) },
		},
		credential: {
			customRateLimits: true,
			generalLimit: sustained.limit,
			generalWindowSeconds: seconds(sustained.windowMs),
			generalBurstLimit: burst.limit,
			generalBurstWindowSeconds: seconds(burst.windowMs),
			generateReplyLimit: generateReply.limit,
			generateReplyWindowSeconds: seconds(generateReply.windowMs),
			sendFreeformLimit: sendFreeform.limit,
			sendFreeformWindowSeconds: seconds(sendFreeform.windowMs),
		},
	};
}
