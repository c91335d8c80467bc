/** The options a sandbox runs with, resolved from startSandbox's: durations, rate limits, API generations. */
import type { BeyondDocsSettings } from './beyondDocs';

/** Which assistant API generation(s) the sandbox accepts (domain/assistants/apiGenerations.ts). */
export type ApiGeneration = 'seed' | 'current';
export type ApiOption = ApiGeneration | 'both';
export const API_OPTIONS: readonly ApiOption[] = ['both', 'current', 'seed'];

export interface RateLimit {
	limit: number;
	windowMs: number;
}

/** The general limit every API request counts against, per token (domain/rateLimits/generalLimit.ts). */
export interface GeneralLimit {
	/** 100 per 60 s */
	sustained: RateLimit;
	/** 20 per 10 s */
	burst: RateLimit;
}

export interface ResolvedOptions {
	callDurationMs: number;
	documentProcessingMs: number;
	rateLimits: { generateReply: RateLimit; sendFreeform: RateLimit };
	/** every API request's limit per token; false = off (controls can change it at run time) */
	generalRateLimit: GeneralLimit | false;
	webhookRetryDelaysMs: number[];
	webhookTimeoutMs: number;
	/** how long an arriving call waits for the inbound request's answer */
	inboundTimeoutMs: number;
	/** real milliseconds every API request waits before it is handled, like a network round trip; 0 = none */
	latencyMs: number;
	seed: boolean;
	/** which assistant API generation(s) the sandbox accepts */
	api: ApiOption;
	/** fields and behaviours beyond the public docs, each off unless named (beyondDocs.ts) */
	beyondDocs: BeyondDocsSettings;
}
