/** Every number the pacing of a token decides by (accountBudget.ts and the files it uses), each with what it trades; the service's documented limits are facts that constants.ts owns. */

/** How often a waiter looks again while its slot waits on an answer: sooner costs CPU, later costs throughput. */
export const POLL_MS = 5;
/** Beyond a burst window, how long a 429's wait may keep a client silent (whole seconds rounded up): less reads a waiter as stopped. */
export const WHOLE_SECOND_MS = 1_000;
/** How much later an own request may start and still be counted first: more hides others' requests, less reads reordering as others. */
export const OVERTAKE_MS = 100;
/** The backlog peak below which its draining is no sign of the run's end: lower ends the sharing early, higher never in small runs. */
export const DRAINING_PEAK = 4;
/** The count of clients rounds up from this fraction less than one: more reads fewer clients (faster, more 429s). */
export const CLIENT_COUNT_ROUNDING = 0.4;
/** The clients in a round before this process measured one: fewer fills a burst window faster, more leaves slots unused. */
export const FIRST_ROUND = 2;
/** The gaps a round is the largest of: more leaves more of a window unused, fewer meets the clients' jitter with 429s. */
export const ROUND_MEMORY = 3;
/** The gaps a new burst window keeps of the last one's: more meets the clients' jitter with fewer 429s, a slow round starves longer. */
export const FRESH_ROUND_MEMORY = 1;
/** A start this long after the last answer measures a pause, not a round: longer counts the others' waits as clients. */
export const ROUND_PAUSE_MS = 50;
/** Burst windows' turns lie this much later than their length apart: more costs time, less meets a window a request's delay opened late. */
export const TURN_MARGIN_MS = 50;
/** The part of a refilled burst window left for a whole second to the clients it refused: more costs a client with most of it time. */
export const LATE_RETRY_ROOM = 0.25;
/** Its gaps of 1 in a row (rounds without the others' requests) in a window before it starts that window a round before its own first number there: fewer meets active clients' windows with 429s, more leaves a lone process's window partly unused. */
export const SILENT_ROUNDS = 2;
