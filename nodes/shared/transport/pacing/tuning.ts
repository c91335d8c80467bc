/**
 * Every number the pacing of a token decides by (step.ts, decide.ts and the files they use), each
 * with what it trades. The service's documented limits are facts that constants.ts owns.
 */

/**
 * How often a waiter looks again while its slot waits on an answer.
 * - Sooner costs CPU; later costs throughput.
 */
export const POLL_MS = 5;
/**
 * The backlog (this process's requests waiting or under way) must have reached this many before its
 * draining is read as the run's end.
 * - Lower ends the sharing early; higher never sees the end of a small run.
 */
export const DRAINING_PEAK = 4;
/**
 * The count of clients is rounded up from this fraction below a whole number (2.6 reads as 3).
 * - More reads fewer clients: faster, with more 429s.
 */
export const CLIENT_COUNT_ROUNDING = 0.4;
/**
 * The clients assumed in a round (one request of each) before this process has measured one.
 * - Fewer fills a burst window faster; more leaves slots unused.
 */
export const FIRST_ROUND = 2;
/**
 * How many of the last rounds the round's size is the largest of.
 * - More leaves more of a window unused; fewer meets the clients' jitter with 429s.
 */
export const ROUND_MEMORY = 3;
/**
 * How many of the last burst window's rounds a new burst window starts with.
 * - More meets the clients' jitter with fewer 429s; a slow round starves the new window longer.
 */
export const FRESH_ROUND_MEMORY = 1;
/**
 * How far the network and the event loop may move a moment, in one allowance:
 * - burst windows' turns lie their length plus this apart;
 * - a request that starts within this of the last answer was sent right after it (a round), later
 *   ends a pause;
 * - one of this process's requests that started up to this much later than another's may still
 *   have been counted before it.
 * More costs time at each turn, counts the others' waits as more clients and hides others'
 * requests; less meets a window that a delayed request opened late, and reads the network
 * reordering two of its requests as another client.
 */
export const JITTER_MS = 50;
/**
 * The part of a refilled burst window left for a whole second to the clients it refused (they retry
 * after the service's whole-second retry_after).
 * - More costs the client that holds most of the window time.
 */
export const LATE_RETRY_ROOM = 0.25;
