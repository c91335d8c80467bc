/**
 * The sweep: how the conversations and lead-status events look at every record of a list of any
 * length within a bounded number of polls. Each poll reads the list's first page (where new records
 * appear when the list runs newest first), then continues through the older pages where the last
 * poll stopped, at most Pages Per Poll of them; at the list's end a cycle is complete and the next
 * poll starts again below the first page. Nothing here depends on the list's order, which no page
 * documents (https://docs.famulor.de/en/api-reference/conversations/list,
 * https://docs.famulor.de/en/api-reference/leads/list): a cycle walks the whole list either way.
 *
 * A record the trigger does not remember (never tracked, or forgotten to keep the state bounded) is
 * judged by `knownUntil`: every change of such a record before that second is accounted for, none
 * from it on (a sweep remembers every record it sees in that second, so none is judged twice). It
 * rises to the mark at a cycle's start once the cycle is complete, since that cycle looked at every
 * record after that mark. Pure decisions, tested as tables in test/pollTrigger/sweep.test.ts.
 */

/**
 * The sweep's remembered position. `next` is where the next poll continues (a cursor, or a page
 * number as text); '' is the state `cycle start`: the next poll starts below the first page.
 */
export interface SweepState {
	next: string;
	/** The newest `updated_at` seen when the current cycle started. */
	cycleMark: string;
	/** Records not remembered changed after this time, and only then, in ways not yet emitted. */
	knownUntil: string;
}

/** The named states of a sweep between two polls. */
export type SweepPhase = 'cycle start' | 'midway';

export const sweepPhase = (sweep: SweepState): SweepPhase =>
	sweep.next === '' ? 'cycle start' : 'midway';

/** A new sweep, as a quiet poll that read the whole list leaves it: everything up to `mark` is known. */
export const freshSweep = (mark: string): SweepState => ({
	next: '',
	cycleMark: mark,
	knownUntil: mark,
});

/**
 * `knownUntil` during the first cycle, after a first poll whose budget ran out before the list's end:
 * later than any time, so no record the trigger does not remember counts as changed. A record on a
 * page that poll did not reach may have changed after the newest update it saw and before it ran;
 * that change is not new, and nothing in the list tells the two apart (no page shows an order). The
 * records it remembers are watched as usual. When the cycle completes, every record has been seen,
 * so everything up to the end of the newest update's second is known (advanceSweep): a change in
 * that second after its read is missed, as any change while the list is learnt in a record the
 * trigger does not remember.
 */
export const FIRST_CYCLE = '9999-12-31 23:59:59';

export const inFirstCycle = (sweep: SweepState): boolean => sweep.knownUntil === FIRST_CYCLE;

/** The second after a comparable time (decisions.ts, comparableTime); '' stays ''. */
export function secondAfter(time: string): string {
	const next = Date.parse(`${time.replace(' ', 'T')}Z`) + 1000;
	return Number.isNaN(next) ? time : new Date(next).toISOString().replace('T', ' ').slice(0, 19);
}

/** The sweep after the first poll: fresh when it read the whole list, else in its first cycle. */
export function firstSweep(step: SweepStep, mark: string): SweepState {
	if (step.kind === 'complete') return freshSweep(mark);
	return { next: step.at, cycleMark: mark, knownUntil: FIRST_CYCLE };
}

/** Where a poll's sweep begins: where the last one stopped, or at a cycle start below the first page. */
export function sweepStart(
	sweep: SweepState,
	firstPageNext: string | undefined,
): string | undefined {
	return sweepPhase(sweep) === 'midway' ? sweep.next : firstPageNext;
}

/** After a page of the sweep: `read` the next one, `pause` at it until the next poll, or `complete`. */
export type SweepStep =
	{ kind: 'read'; at: string } | { kind: 'pause'; at: string } | { kind: 'complete' };

export function afterSweepPage(
	next: string | undefined,
	sweepPagesRead: number,
	budget: number,
): SweepStep {
	if (next === undefined) return { kind: 'complete' };
	return sweepPagesRead >= budget ? { kind: 'pause', at: next } : { kind: 'read', at: next };
}

/**
 * The sweep after a poll that read everything it found changed. A completed cycle lifts `knownUntil`
 * to the mark its start saw and starts the next cycle at today's mark (a completed first cycle past
 * today's mark's second: every record was seen quietly, FIRST_CYCLE); a poll that left changes
 * unread keeps the sweep where it was, so the pages are read again (poll callers decide).
 */
export function advanceSweep(sweep: SweepState, step: SweepStep, mark: string): SweepState {
	if (step.kind === 'complete' && inFirstCycle(sweep)) return freshSweep(secondAfter(mark));
	// Never back: a first cycle's end knows its newest second whole, and the next cycle's mark may be it.
	const knownUntil = sweep.cycleMark > sweep.knownUntil ? sweep.cycleMark : sweep.knownUntil;
	if (step.kind === 'complete') return { next: '', cycleMark: mark, knownUntil };
	return { ...sweep, next: step.at };
}

/**
 * Whether a record the sweep passed unchanged may be forgotten: only one whose last change is before
 * `knownUntil`, so that its next change, which comes later, is after it.
 */
export const forgettable = (updatedAt: string, knownUntil: string): boolean =>
	updatedAt !== '' && updatedAt < knownUntil;
