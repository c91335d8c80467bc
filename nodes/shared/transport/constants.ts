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

/** A request that waits this long or longer writes one line to n8n's log: why, how long, and what asked. */
export const LOGGED_WAIT_MS = 5_000;

/**
 * A 429's wait is whole seconds: `Retry-After` counts seconds
 * (https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3), and so does the body's `retry_after`
 * (https://docs.famulor.de/en/api-reference/authentication). A refused client may stay silent up to
 * this much longer than the window that refused it.
 */
export const RETRY_AFTER_UNIT_MS = 1_000;

/** Shortest wait after a 429, whatever the service says, so `Retry-After: 0` cannot spin. */
export const MIN_RATE_LIMIT_WAIT_MS = 100;

export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** Largest page size the service accepts on both paginated lists. */
export const MAX_PAGE_SIZE = 100;

/**
 * The most one list operation reads: 500 pages of 100, i.e. 50,000 records. That is about 5 minutes
 * at the documented 100 requests per minute, and already more items than an n8n workflow handles
 * comfortably in one run (n8n keeps every item in memory); a longer list fails with an error that
 * says to narrow it (filters, Limit) instead of reading for hours.
 */
export const MAX_LIST_PAGES = 500;
export const MAX_LIST_RECORDS = MAX_LIST_PAGES * MAX_PAGE_SIZE;

/**
 * Documented per-endpoint limits, used unless the credential overrides them
 * (https://docs.famulor.de/en/api-reference/ai/generate-reply, …/whatsapp/send-freeform).
 */
export const DOCUMENTED_RATE_LIMITS = {
	generateReply: { limit: 5, windowMs: 60_000 },
	sendFreeform: { limit: 5, windowMs: 1_000 },
} as const;

/**
 * The account-wide limit every request counts against: 100 per minute, bursts of 20 per 10 s
 * (https://docs.famulor.de/en/api-reference/authentication).
 */
export const DOCUMENTED_GENERAL_LIMITS = [
	{ limit: 100, windowMs: 60_000 },
	{ limit: 20, windowMs: 10_000 },
] as const;

/**
 * What requests that must not be repeated remember for n8n's Retry On Fail (journal.ts): at most this
 * many bytes for the whole process, each execution for at most REMEMBERED_ANSWER_TTL_MS after its last
 * request. An answer longer than MAX_WHOLE_ANSWER_CHARS keeps only its IDs. When the bound is reached,
 * answers become tombstones (about 100 bytes: the request is still not sent again); an execution is
 * dropped whole only after IDLE_EXECUTION_MS without a request (Retry On Fail retries within seconds).
 */
export const MAX_JOURNAL_BYTES = 32 * 1024 * 1024;
export const MAX_WHOLE_ANSWER_CHARS = 2_000;
export const REMEMBERED_ANSWER_TTL_MS = 24 * 3_600_000;
export const IDLE_EXECUTION_MS = 3_600_000;

/**
 * What an execution's own data carries of those requests for n8n's Retry of a failed execution
 * (lineage.ts): answers (each at most MAX_WHOLE_ANSWER_CHARS) up to this many characters per node;
 * beyond, a sent request is carried as a tombstone of about 40 characters. A node run that ends
 * without failing drops what it carried, so only failed executions keep it.
 */
export const MAX_CARRIED_JOURNAL_CHARS = 4 * 1024 * 1024;

/** Same-origin redirects of requests that are safe to repeat are followed at most this many times. */
export const MAX_REDIRECTS = 5;

export type RateLimitedEndpoint = keyof typeof DOCUMENTED_RATE_LIMITS;
