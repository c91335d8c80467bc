import type { IDataObject } from 'n8n-workflow';

import {
	IDLE_EXECUTION_MS,
	MAX_JOURNAL_BYTES,
	MAX_WHOLE_ANSWER_CHARS,
	REMEMBERED_ANSWER_TTL_MS,
} from '../constants';
import {
	carriedJournalOf,
	carry,
	dropCarriedRun,
	inputDigest,
	recallCarried,
	type CarriedJournal,
	type CarriedOutcome,
} from './lineage';
import type { FamulorRequest, FamulorRequestContext } from '../types';

/** What the user is told about an earlier failure of the same request: its message, description and context. */
export interface RememberedError {
	message: string;
	description?: string;
	context: IDataObject;
}

/**
 * How a request that must not be repeated ended: with an answer (whole, or only its IDs when it was
 * large), without knowing whether it took effect, or sent with its answer since dropped to stay
 * within the memory bound (a tombstone: it is still never sent again).
 */
export type RememberedOutcome =
	| { kind: 'answered'; answer: IDataObject }
	| { kind: 'unknown'; error: RememberedError }
	| { kind: 'answerNotKept' };

/** The field added to an answer of which only the IDs were kept. */
export const ONLY_IDS_NOTE_FIELD = 'famulorNote';
export const ONLY_IDS_NOTE =
	'Sent in an earlier try of this execution or of the execution it retries; its answer was too large to keep, so only its IDs are shown';

/** Everything remembered of one execution; answers in the order they were kept. */
interface ExecutionMemory {
	/** slot → the answer's JSON. */
	answers: Map<string, string>;
	/** slot → the outcome-unknown error's JSON. */
	unknowns: Map<string, string>;
	/** Slots whose answer was dropped to stay within the bound. */
	tombstones: Set<string>;
	bytes: number;
	lastUsed: number;
}

/** Rough size in memory: strings are UTF-16, a Map entry costs some pointers. */
const ENTRY_OVERHEAD_BYTES = 64;
const sizeOf = (slot: string, json = ''): number =>
	ENTRY_OVERHEAD_BYTES + 2 * (slot.length + json.length);

/**
 * n8n's "Retry On Fail" runs the whole node again after a failure, with every item; n8n's Retry of a
 * failed execution runs it again in a new execution. Requests that must not be repeated (calls,
 * messages, purchases, …) remember how they ended, per execution (an execution and its retries count
 * as one, keyed by the first: JournalSlot.execution); a retry gets the remembered answer (or the same
 * outcome-unknown error) instead of sending again. This memory serves retries in this process; the
 * execution's own data carries the same to a retry on another worker (lineage.ts).
 *
 * Bounded in bytes (MAX_JOURNAL_BYTES) and in time (REMEMBERED_ANSWER_TTL_MS). Large answers keep
 * only their IDs. When the bound is reached, answers of the executions used longest ago become
 * tombstones first (the request is still not sent again; the item fails "sent before, answer not
 * kept"); only executions idle for IDLE_EXECUTION_MS are ever forgotten entirely, so the entries of
 * a running execution are never dropped by other work. The map's order is the order of last use
 * (every use re-inserts), so the executions to expire or drop come first.
 */
const executions = new Map<string, ExecutionMemory>();
let totalBytes = 0;
let budgetBytes = MAX_JOURNAL_BYTES;

/**
 * Where one request sits: its lineage (the workflow and the first execution of a chain of n8n
 * retries), and node, run, item, position inside the item and the input item's digest. `carried` is
 * the same record in the execution's own data (lineage.ts), which n8n hands to a retry on any worker.
 */
export interface JournalSlot {
	/** The workflow and the first execution of the lineage: the memory's key. */
	execution: string;
	slot: string;
	run: string;
	itemSlot: string;
	carried?: CarriedJournal;
}

/**
 * How many requests that must not be repeated each item has sent in one node run. n8n gives every
 * try of a node a new context, so counting per context gives a retry the same positions.
 */
const positionsByContext = new WeakMap<object, Map<number, number>>();

/** n8n's node contexts carry the run index (a node inside a loop runs once per pass); a retry keeps it. */
function runIndexOf(context: FamulorRequestContext): number | undefined {
	const runIndex = (context as { runIndex?: unknown }).runIndex;
	return typeof runIndex === 'number' ? runIndex : undefined;
}

/**
 * The slot of the next request of an item, or undefined outside an execution (list searches, trigger
 * activation), where n8n does not retry. Not keyed by the body: an expression such as `{{ $now }}`
 * gives the retry another body for the same message. Not keyed by the execution either: n8n's Retry
 * of a failed execution is a new execution, which inherits the lineage's root from the carried record.
 */
export function journalSlot(
	context: FamulorRequestContext,
	request: FamulorRequest,
): JournalSlot | undefined {
	if (request.itemIndex === undefined || !('getExecutionId' in context)) return undefined;
	const executionId = context.getExecutionId();
	const runIndex = runIndexOf(context);
	if (!executionId || runIndex === undefined) return undefined;
	let positions = positionsByContext.get(context);
	if (!positions) positionsByContext.set(context, (positions = new Map()));
	const position = positions.get(request.itemIndex) ?? 0;
	positions.set(request.itemIndex, position + 1);
	const carried = carriedJournalOf(context, executionId);
	const run = String(runIndex);
	const itemSlot = [request.itemIndex, position, inputDigest(context, request.itemIndex)].join('|');
	return {
		execution: `${context.getWorkflow().id ?? ''}|${carried?.root ?? executionId}`,
		slot: [context.getNode().name, run, itemSlot].join('|'),
		run,
		itemSlot,
		carried,
	};
}

/**
 * Called when a node run ended without failing: it is never run again, so its execution data
 * need not carry its requests.
 */
export function forgetSucceededRun(context: FamulorRequestContext): void {
	const runIndex = runIndexOf(context);
	if (runIndex === undefined) return;
	const carried = carriedJournalOf(context);
	if (carried) dropCarriedRun(carried, String(runIndex));
}

function forgetExecution(execution: string): void {
	const memory = executions.get(execution);
	if (!memory) return;
	totalBytes -= memory.bytes;
	executions.delete(execution);
}

function grow(memory: ExecutionMemory, bytes: number): void {
	memory.bytes += bytes;
	totalBytes += bytes;
}

/** Executions unused for longer than `age`, oldest first, while they lead the map; stops at the first younger one. */
function forgetOlderThan(age: number, now: number, enough: () => boolean): void {
	for (const [execution, memory] of executions) {
		if (enough() || memory.lastUsed + age > now) return;
		forgetExecution(execution);
	}
}

/** Frees memory until the journal fits its bound: expired executions, then answers, then idle executions. */
function makeRoom(now: number): void {
	forgetOlderThan(REMEMBERED_ANSWER_TTL_MS, now, () => false);
	const fits = () => totalBytes <= budgetBytes;
	for (const memory of executions.values()) {
		for (const [slot, json] of memory.answers) {
			if (fits()) return;
			memory.answers.delete(slot);
			memory.tombstones.add(slot);
			grow(memory, sizeOf(slot) - sizeOf(slot, json));
		}
	}
	forgetOlderThan(IDLE_EXECUTION_MS, now, fits);
}

function touch(execution: string, now: number): ExecutionMemory {
	const memory = executions.get(execution) ?? {
		answers: new Map(),
		unknowns: new Map(),
		tombstones: new Set(),
		bytes: 0,
		lastUsed: now,
	};
	executions.delete(execution);
	executions.set(execution, memory);
	memory.lastUsed = now;
	return memory;
}

function recallFromMemory({ execution, slot }: JournalSlot): RememberedOutcome | undefined {
	const now = Date.now();
	const found = executions.get(execution);
	if (!found) return undefined;
	if (found.lastUsed + REMEMBERED_ANSWER_TTL_MS <= now) {
		forgetExecution(execution);
		return undefined;
	}
	const memory = touch(execution, now);
	const answer = memory.answers.get(slot);
	if (answer !== undefined) return { kind: 'answered', answer: JSON.parse(answer) as IDataObject };
	const unknown = memory.unknowns.get(slot);
	if (unknown !== undefined)
		return { kind: 'unknown', error: JSON.parse(unknown) as RememberedError };
	return memory.tombstones.has(slot) ? { kind: 'answerNotKept' } : undefined;
}

function decodeCarried(carried: CarriedOutcome): RememberedOutcome {
	if (carried.startsWith('a'))
		return { kind: 'answered', answer: JSON.parse(carried.slice(1)) as IDataObject };
	if (carried.startsWith('u'))
		return { kind: 'unknown', error: JSON.parse(carried.slice(1)) as RememberedError };
	return { kind: 'answerNotKept' };
}

/**
 * How the request of a slot ended in an earlier try of the execution or in the execution it retries:
 * this process's memory first (it has whole answers, also of a sibling retry that ran here), then
 * what the execution's data carries.
 */
export function recall(slot: JournalSlot): RememberedOutcome | undefined {
	const remembered = recallFromMemory(slot);
	if (remembered?.kind === 'answered' || remembered?.kind === 'unknown') return remembered;
	const carried = slot.carried && recallCarried(slot.carried, slot.run, slot.itemSlot);
	return carried === undefined ? remembered : decodeCarried(carried);
}

const ID_KEY = /^(id|uuid)$|(_id|_ids|_uuid|Id|Ids|Uuid)$/;

/** The IDs of an answer, where they stood (nested objects and lists kept), and nothing else. */
function idsOf(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(idsOf).filter((entry) => entry !== undefined);
	if (typeof value !== 'object' || value === null) return undefined;
	const kept: IDataObject = {};
	for (const [key, entry] of Object.entries(value as IDataObject)) {
		const isObject = typeof entry === 'object' && entry !== null && !Array.isArray(entry);
		if (ID_KEY.test(key) && !isObject) kept[key] = entry;
		else if (typeof entry === 'object' && entry !== null) {
			const nested = idsOf(entry);
			const empty = Array.isArray(nested)
				? nested.length === 0
				: Object.keys(nested as IDataObject).length === 0;
			if (!empty) kept[key] = nested as IDataObject;
		}
	}
	return kept;
}

/** The answer to remember, as JSON: whole when small, else its IDs with a note saying so (also inside `data`). */
function answerToKeep(answer: IDataObject): string {
	const whole = JSON.stringify(answer);
	if (whole.length <= MAX_WHOLE_ANSWER_CHARS) return whole;
	const ids = idsOf(answer);
	if (Array.isArray(ids)) return JSON.stringify(ids);
	const kept: IDataObject = { ...(ids as IDataObject), [ONLY_IDS_NOTE_FIELD]: ONLY_IDS_NOTE };
	const data = kept.data;
	if (typeof data === 'object' && data !== null && !Array.isArray(data))
		(data as IDataObject)[ONLY_IDS_NOTE_FIELD] = ONLY_IDS_NOTE;
	return JSON.stringify(kept);
}

/**
 * Remembers how a request of a slot ended (each slot is sent once, so it is remembered once), in
 * memory and in the execution's data.
 */
export function remember(
	journalSlot: JournalSlot,
	outcome: { kind: 'answered'; answer: IDataObject } | { kind: 'unknown'; error: RememberedError },
): void {
	const { execution, slot, carried } = journalSlot;
	const now = Date.now();
	const memory = touch(execution, now);
	const json =
		outcome.kind === 'answered' ? answerToKeep(outcome.answer) : JSON.stringify(outcome.error);
	(outcome.kind === 'answered' ? memory.answers : memory.unknowns).set(slot, json);
	grow(memory, sizeOf(slot, json));
	makeRoom(now);
	if (carried)
		carry(
			carried,
			journalSlot.run,
			journalSlot.itemSlot,
			(outcome.kind === 'answered' ? 'a' : 'u') + json,
		);
}

/** For tests of the bound: a smaller one, or the default again without an argument. */
export function setJournalBudget(bytes = MAX_JOURNAL_BYTES): void {
	budgetBytes = bytes;
}

/** For tests: this process's memory emptied, as in another worker; what executions' data carries stays. */
export function forgetJournalMemory(): void {
	executions.clear();
	totalBytes = 0;
}
