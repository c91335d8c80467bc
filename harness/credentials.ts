/** Credential settings the tests and the benchmark share. */
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
