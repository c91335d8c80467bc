/**
 * The phases of sharing a token (sharingPhase.ts): one row per transition of `nextSharing`, and the
 * phases that end at the reset (`sharingAt`).
 */
import type { Evidence } from '../../nodes/shared/transport/budgetView';
import {
	ALONE,
	nextSharing,
	sharingAt,
	type Reading,
	type Sharing,
} from '../../nodes/shared/transport/sharingPhase';

const SHARING: Sharing = { phase: 'sharing', clients: 4, quietAnswers: 0 };
const STOPPED: Sharing = { phase: 'othersStopped', clients: 2, quietAnswers: 0 };
const FINISHING: Sharing = { phase: 'finishing', clients: 2, quietAnswers: 0 };

/** An answer in the same window, 3 s after the last, that revealed 4 others' requests. */
const busy: Evidence = {
	newWindow: false,
	othersNow: 4,
	expected: undefined,
	sinceLastAnswerMs: 3_000,
	othersRecent: true,
};
const quiet: Evidence = { ...busy, othersNow: 0 };
/** Mid-window, backlog whole, counted as four. */
const midRun: Reading = { counted: 4, remaining: 50, draining: false, quietGapMs: 1_000 };

describe('the transition at an answer', () => {
	it.each<[string, Sharing, Evidence, Reading, Partial<Sharing>]>([
		[
			'alone → alone: no other client seen',
			ALONE,
			{ ...quiet, othersRecent: false },
			{ ...midRun, counted: 1 },
			{ phase: 'alone', clients: 1 },
		],
		['alone → sharing: others revealed', ALONE, busy, midRun, { phase: 'sharing', clients: 4 }],
		[
			'sharing → sharing: near the end, backlog whole',
			SHARING,
			busy,
			{ ...midRun, remaining: 5 },
			{ phase: 'sharing' },
		],
		[
			'sharing → tail: near the end (fewer than two per client), backlog draining',
			SHARING,
			busy,
			{ ...midRun, remaining: 7, draining: true },
			{ phase: 'tail', activeClients: undefined },
		],
		[
			'sharing → tail, counting those still sending: the others slowed below half their rate',
			SHARING,
			{ ...busy, othersNow: 1, expected: 3 },
			{ ...midRun, remaining: 7, draining: true },
			{ phase: 'tail', activeClients: 2 },
		],
		[
			'sharing → sharing: one quiet answer proves nothing',
			SHARING,
			quiet,
			midRun,
			{ phase: 'sharing', quietAnswers: 1 },
		],
		[
			'sharing → sharing: a quiet answer close after the last is no silence',
			SHARING,
			{ ...quiet, sinceLastAnswerMs: 500 },
			midRun,
			{ phase: 'sharing', quietAnswers: 0 },
		],
		[
			'sharing → othersStopped: the second quiet answer in a row, backlog whole',
			{ ...SHARING, quietAnswers: 1 },
			quiet,
			midRun,
			{ phase: 'othersStopped', clients: 2 },
		],
		[
			'sharing → finishing: quiet where the others would have sent two, backlog draining',
			SHARING,
			{ ...quiet, expected: 2 },
			{ ...midRun, draining: true },
			{ phase: 'finishing', clients: 2 },
		],
		[
			'othersStopped → othersStopped: still quiet',
			STOPPED,
			{ ...quiet, sinceLastAnswerMs: 100 },
			midRun,
			{ phase: 'othersStopped' },
		],
		[
			'othersStopped → finishing: its backlog drains',
			STOPPED,
			{ ...quiet, sinceLastAnswerMs: 100 },
			{ ...midRun, draining: true },
			{ phase: 'finishing' },
		],
		[
			'sharing → finishing: none of theirs for longer than a burst-window 429 keeps a client waiting, backlog whole',
			SHARING,
			{ ...quiet, othersSilent: true },
			midRun,
			{ phase: 'finishing', clients: 2 },
		],
		[
			'othersStopped → finishing: their silence outlasts a burst-window 429, backlog whole',
			STOPPED,
			{ ...quiet, sinceLastAnswerMs: 100, othersSilent: true },
			midRun,
			{ phase: 'finishing' },
		],
		[
			'othersStopped → othersStopped: quiet, not yet for longer than a 429 keeps a client waiting',
			STOPPED,
			{ ...quiet, sinceLastAnswerMs: 100, othersSilent: false },
			midRun,
			{ phase: 'othersStopped' },
		],
		['othersStopped → sharing: their requests again', STOPPED, busy, midRun, { phase: 'sharing' }],
		[
			'finishing → sharing: a new window, where everyone resumes',
			FINISHING,
			{ ...quiet, newWindow: true, sinceLastAnswerMs: 100 },
			midRun,
			{ phase: 'sharing', quietAnswers: 0 },
		],
		[
			'othersStopped → alone: nobody seen within the longest window',
			STOPPED,
			{ ...quiet, othersRecent: false },
			{ ...midRun, counted: 1 },
			{ phase: 'alone', clients: 1 },
		],
	])('%s', (_, previous, evidence, reading, expected) => {
		expect(nextSharing(previous, evidence, reading)).toMatchObject(expected);
	});
});

describe('at the reset', () => {
	it.each<[string, Sharing, number, Partial<Sharing>]>([
		['finishing lasts until the reset', FINISHING, 59_999, { phase: 'finishing' }],
		[
			'finishing ends there: one of two again',
			FINISHING,
			60_000,
			{ phase: 'othersStopped', clients: 2 },
		],
		[
			'the tail ends there',
			{ ...SHARING, phase: 'tail', activeClients: 2 },
			60_000,
			{ phase: 'sharing', activeClients: undefined },
		],
		['sharing stays', SHARING, 60_000, { phase: 'sharing' }],
	])('%s', (_, sharing, now, expected) => {
		expect(sharingAt(sharing, now, 60_000)).toMatchObject(expected);
	});
});
