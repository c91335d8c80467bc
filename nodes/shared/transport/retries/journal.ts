import type { IDataObject } from 'n8n-workflow';

import { recallFromMemory, keepInMemory } from './journalMemory';
import type { JournalSlot } from './journalSlot';
import { carry, recallCarried } from './lineage';
import {
	answerToKeep,
	decodeCarried,
	type RememberedError,
	type RememberedOutcome,
} from './remembered';

/**
 * n8n's "Retry On Fail" runs the whole node again after a failure, with every item; n8n's Retry of a
 * failed execution runs it again in a new execution. Requests that must not be repeated (calls,
 * messages, purchases, …) remember how they ended, per execution (an execution and its retries count
 * as one, keyed by the first: JournalSlot.execution); a retry gets the remembered answer (or the same
 * outcome-unknown error) instead of sending again. Where a request sits is its slot
 * (journalSlot.ts); this process's memory, bounded in bytes and time, serves retries here
 * (journalMemory.ts), and the execution's own data carries the same to a retry on another worker
 * (lineage.ts). Large answers keep only their IDs (remembered.ts).
 */

export { forgetSucceededRun, journalSlot } from './journalSlot';
export type { RememberedError } from './remembered';

/**
 * How the request of a slot ended in an earlier try of the execution or in the execution it retries:
 * this process's memory first (it has whole answers, also of a sibling retry that ran here), then
 * what the execution's data carries.
 */
export function recall(slot: JournalSlot): RememberedOutcome | undefined {
	const remembered = recallFromMemory(slot.execution, slot.slot);
	if (remembered?.kind === 'answered' || remembered?.kind === 'unknown') return remembered;
	const carried = slot.carried && recallCarried(slot.carried, slot.run, slot.itemSlot);
	return carried === undefined ? remembered : decodeCarried(carried);
}

/**
 * Remembers how a request of a slot ended (each slot is sent once, so it is remembered once), in
 * memory and in the execution's data.
 */
export function remember(
	journalSlot: JournalSlot,
	outcome: { kind: 'answered'; answer: IDataObject } | { kind: 'unknown'; error: RememberedError },
): void {
	const { execution, slot, carried, run, itemSlot } = journalSlot;
	const json =
		outcome.kind === 'answered' ? answerToKeep(outcome.answer) : JSON.stringify(outcome.error);
	keepInMemory(execution, slot, outcome.kind, json);
	if (carried) carry(carried, run, itemSlot, (outcome.kind === 'answered' ? 'a' : 'u') + json);
}
