import type { Evidence } from './budgetView';
import { QUIET_ANSWERS, QUIET_PROOF, TAIL_ROUNDS } from './tuning';

/**
 * How this process shares the token with the other clients its answers reveal:
 * - `alone`: no other client's request within the longest window; it bursts as its windows allow.
 * - `sharing`: it spends its share of the remainder, spaced as one of the clients.
 * - `tail`: near the window's end while its backlog drains (the run's end): one request per answer
 *   while any is left, spaced as one of the clients still sending, the others' likely requests not
 *   counted: else every share rounds down to none and the last slots go unused.
 * - `othersStopped`: answers show none of the others' requests where they would have sent some: the
 *   remainder is this process's, spaced as one of two (their silence may be a 429's wait).
 * - `finishing`: the others stopped while its backlog drains, or silent for longer than a burst-window
 *   429 keeps a client waiting: the remainder is its own to spend as the windows allow until the reset.
 * `tail` and `finishing` end at the reset, when every client may resume.
 */
export type PhaseName = 'alone' | 'sharing' | 'tail' | 'othersStopped' | 'finishing';

export interface Sharing {
	phase: PhaseName;
	/** The count of clients this process spaces and shares by: 2 once the others stopped. */
	clients: number;
	/** Answers in a row that showed no other client's request. */
	quietAnswers: number;
	/** In the tail, the clients still sending, when the others slowed to less than half their rate. */
	activeClients?: number;
}

export const ALONE: Sharing = { phase: 'alone', clients: 1, quietAnswers: 0 };

/** Besides the evidence: the view's count of clients, whether the backlog drains (the run ends), the gap that proves silence. */
export interface Reading {
	counted: number;
	remaining: number;
	draining: boolean;
	quietGapMs: number;
	/** Refused before its first counted answer: a refusal proves another client, counted or not yet. */
	refusedUnheard?: boolean;
}

/** The one transition: the phase after an answer that counted the others. */
export function nextSharing(previous: Sharing, evidence: Evidence, reading: Reading): Sharing {
	const { othersNow, expected } = evidence;
	let quietAnswers = evidence.newWindow ? 0 : previous.quietAnswers;
	if (othersNow > 0) quietAnswers = 0;
	else if (evidence.sinceLastAnswerMs >= reading.quietGapMs) quietAnswers++;
	const wasStopped =
		!evidence.newWindow && (previous.phase === 'othersStopped' || previous.phase === 'finishing');
	const provenQuiet = othersNow === 0 && expected !== undefined && expected >= QUIET_PROOF;
	const silent = evidence.othersSilent;
	const stopped =
		evidence.othersRecent &&
		(quietAnswers >= QUIET_ANSWERS || provenQuiet || silent || (wasStopped && othersNow === 0));
	const phase = reading.draining || silent ? 'finishing' : 'othersStopped';
	if (stopped) return { phase, clients: 2, quietAnswers };
	const clients = reading.refusedUnheard ? Math.max(2, reading.counted) : reading.counted;
	if (clients < 2) return { phase: 'alone', clients: 1, quietAnswers };
	if (reading.remaining >= TAIL_ROUNDS * clients || !reading.draining)
		return { phase: 'sharing', clients, quietAnswers };
	// The others slowing to less than half their rate are finishing too: counted by their part of
	// it, rounded up so that slowing is never read as stopped.
	const activeClients =
		expected === undefined || othersNow >= expected / 2
			? undefined
			: 1 + Math.ceil(((clients - 1) * othersNow) / expected);
	return { phase: 'tail', clients, quietAnswers, activeClients };
}

/** The phase at `now`: the tail and the end of the others' work last until the reset. */
export function sharingAt(sharing: Sharing, now: number, resetAt: number): Sharing {
	if (now < resetAt) return sharing;
	if (sharing.phase === 'finishing') return { ...sharing, phase: 'othersStopped' };
	if (sharing.phase === 'tail') return { ...sharing, phase: 'sharing', activeClients: undefined };
	return sharing;
}
