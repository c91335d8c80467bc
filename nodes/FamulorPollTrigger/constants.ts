/**
 * Every number of the polling trigger, in one place. The README's polling cost table is written
 * from them (`npm run docs`, scripts/docs/pollingCost.ts); docs/BEHAVIOUR.md's polling trigger
 * section states the promises they make.
 */
import { MAX_PAGE_SIZE } from '../shared/transport';

/** Records asked for per page: the most both paged lists give (https://docs.famulor.de/en/api-reference/calls/list). */
export const POLL_PAGE_SIZE = MAX_PAGE_SIZE;

/**
 * The catch-up horizon: one poll reads at most this many pages of a list (2,000 records). Lists whose
 * order the answers do not show are read whole each poll, so this also bounds what an idle poll can
 * cost; what lies beyond is not read, and the poll says so in n8n's log.
 */
export const MAX_PAGES_PER_POLL = 20;

/**
 * The most pages the first poll of a swept list (conversations, lead statuses) reads: 10,000 records,
 * a minute of the account's documented requests. A list that fits is learnt at once; a longer one
 * over the polls after it (the first cycle, sweep.ts), which watch only what the trigger remembers.
 */
export const FIRST_POLL_MAX_PAGES = 100;

/** Each poll of the first cycle after the first poll reads the first page and this many more. */
export const FIRST_CYCLE_PAGES_PER_POLL = MAX_PAGES_PER_POLL - 1;

/**
 * Older pages a sweep (conversations, lead statuses) reads per poll after the first page, unless the
 * trigger's Pages Per Poll option says otherwise: an idle poll of a large account costs 1 + 4
 * requests, 5 % of the account's minute, and looks at 500 records.
 */
export const DEFAULT_PAGES_PER_POLL = 4;

/** The most Pages Per Poll takes: the catch-up horizon of the lists read whole. */
export const MAX_SWEEP_PAGES_PER_POLL = MAX_PAGES_PER_POLL;

/**
 * Records the trigger remembers per node (conversations with their message counts, calls not yet
 * ended, leads with their status, documents still processing). At most about 45 bytes each in the
 * workflow's static data (a conversation's UUID and count), so about 90 KB. A sweep forgets a record
 * only as it passes it unchanged (state.ts), so records changed within the last two sweeps stay
 * remembered beyond this number.
 */
export const MAX_TRACKED_RECORDS = 2000;

/** Histories one poll reads at most; the rest of the changed conversations wait for the next poll. */
export const MAX_HISTORIES_PER_POLL = 500;

/**
 * Calls and leads are listed from this many days before the oldest one still watched (the
 * service's days may be another zone's).
 */
export const DATE_FROM_MARGIN_DAYS = 1;

/** Histories read by Fetch Test Event to find the latest customer message. */
export const SAMPLE_HISTORIES = 5;
