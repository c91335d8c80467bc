import { createHash } from 'crypto';
import type { IContextObject, IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { MAX_CARRIED_JOURNAL_CHARS } from '../constants';

/**
 * What the requests that must not be repeated left in the execution's own data, so that n8n's
 * Retry of a failed execution (a new execution, mode `retry`, on any worker) knows them.
 *
 * n8n keeps a node's execution context (`getContext('node')`) in the execution's data, saves it with
 * a failed execution, and its Retry
 * (https://docs.n8n.io/workflows/executions/single-workflow-executions/#retry-failed-workflows)
 * starts the new execution from that data, on whichever process or worker runs it. So the context
 * holds, per node run, how each such request ended, plus the ID of the execution that started the
 * lineage (`root`): the retry of a retry still names the first. Another execution has its own
 * context, so an identical input that another execution sent is sent.
 */
const CONTEXT_KEY = 'famulorSentRequests';

/** How one request ended, as carried: `a` + answer JSON, `u` + error JSON, or `t` (sent, answer not kept). */
export type CarriedOutcome = string;

interface CarriedRun {
	chars: number;
	outcomes: Record<string, CarriedOutcome>;
}

export interface CarriedJournal {
	root: string;
	chars: number;
	runs: Record<string, CarriedRun>;
}

export const TOMBSTONE: CarriedOutcome = 't';

function isCarriedJournal(value: unknown): value is CarriedJournal {
	const journal = value as CarriedJournal | undefined;
	return (
		typeof journal?.root === 'string' &&
		typeof journal.chars === 'number' &&
		typeof journal.runs === 'object' &&
		journal.runs !== null
	);
}

/** The node's context when the context is a node's execution (not a list search or a trigger's activation). */
function nodeContextOf(context: object): IContextObject | undefined {
	if (!('getContext' in context) || typeof context.getContext !== 'function') return undefined;
	try {
		return (context as IExecuteFunctions).getContext('node');
	} catch {
		return undefined;
	}
}

/**
 * The journal this execution carries, or undefined outside an execution. `executionId` creates it,
 * with this execution as its root, when the execution does not carry one yet.
 */
export function carriedJournalOf(
	context: object,
	executionId?: string,
): CarriedJournal | undefined {
	const nodeContext = nodeContextOf(context);
	if (nodeContext === undefined) return undefined;
	const found: unknown = nodeContext[CONTEXT_KEY];
	if (isCarriedJournal(found)) return found;
	if (executionId === undefined) return undefined;
	const created: CarriedJournal = { root: executionId, chars: 0, runs: {} };
	nodeContext[CONTEXT_KEY] = created;
	return created;
}

/**
 * A short digest of an input item's JSON: part of a request's identity, so the retry recognises the
 * same item (the retry starts from the saved items) and a different one is never taken for it.
 */
export function inputDigest(context: object, itemIndex: number): string {
	const items =
		'getInputData' in context && typeof context.getInputData === 'function'
			? (context as IExecuteFunctions).getInputData()
			: [];
	const json: IDataObject | null = items[itemIndex]?.json ?? null;
	return createHash('sha256').update(JSON.stringify(json)).digest('base64').slice(0, 16);
}

export function recallCarried(
	journal: CarriedJournal,
	run: string,
	slot: string,
): CarriedOutcome | undefined {
	return journal.runs[run]?.outcomes[slot];
}

/**
 * Carries how a request ended. Within MAX_CARRIED_JOURNAL_CHARS per execution the outcome is kept
 * as it is; beyond, an answer is carried as a tombstone (still never sent again). Outcome-unknown
 * errors are always kept: they are few, and the retry must say the same.
 */
export function carry(
	journal: CarriedJournal,
	run: string,
	slot: string,
	outcome: CarriedOutcome,
): void {
	const kept =
		outcome.startsWith('a') && journal.chars + outcome.length > MAX_CARRIED_JOURNAL_CHARS
			? TOMBSTONE
			: outcome;
	const carriedRun = (journal.runs[run] ??= { chars: 0, outcomes: {} });
	const chars = slot.length + kept.length;
	carriedRun.outcomes[slot] = kept;
	carriedRun.chars += chars;
	journal.chars += chars;
}

/**
 * A node run that ended without failing is never run again (n8n keeps its output, and a retry starts
 * after it), so what it carried is dropped: saved executions do not keep it.
 */
export function dropCarriedRun(journal: CarriedJournal, run: string): void {
	const carriedRun = journal.runs[run];
	if (!carriedRun) return;
	journal.chars -= carriedRun.chars;
	delete journal.runs[run];
}
