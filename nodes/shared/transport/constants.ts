/** Name of the credential type every request authenticates with. */
export const CREDENTIAL_TYPE = 'famulorAiApi';

export const DEFAULT_BASE_URL = 'https://app.famulor.de';

/** Retries after a network error or 5xx, for requests that are safe to repeat. */
export const MAX_RETRY_ATTEMPTS = 3;

/** First backoff delay; doubles each attempt, with full jitter. */
export const RETRY_BASE_DELAY_MS = 250;

/** Upper bound of any single backoff delay that the service did not dictate. */
export const MAX_BACKOFF_DELAY_MS = 8_000;

/**
 * Total time one request may spend waiting out 429 answers before its item fails.
 * generate-reply answers `retry_after: 60`, so this allows several full windows.
 */
export const MAX_RATE_LIMIT_WAIT_MS = 5 * 60_000;

/** Shortest wait after a 429, whatever the service says, so `Retry-After: 0` cannot spin. */
export const MIN_RATE_LIMIT_WAIT_MS = 100;

export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** Largest page size the service accepts on both paginated lists. */
export const MAX_PAGE_SIZE = 100;

/** Safety stop for page-number pagination if the service keeps reporting more pages. */
export const MAX_PAGES = 100_000;

/** Documented limits (SPEC.md, Limits), used unless the credential overrides them. */
export const DOCUMENTED_RATE_LIMITS = {
	generateReply: { limit: 5, windowMs: 60_000 },
	sendFreeform: { limit: 5, windowMs: 1_000 },
} as const;

export type RateLimitedEndpoint = keyof typeof DOCUMENTED_RATE_LIMITS;
