import type { IDataObject } from 'n8n-workflow';

import {
	IDLE_EXECUTION_MS,
	MAX_JOURNAL_BYTES,
	MAX_WHOLE_ANSWER_CHARS,
	REMEMBERED_ANSWER_TTL_MS,
} from './constants';
import type { FamulorRequest, FamulorRequestContext } from './types';

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
	'Sent in an earlier try of this execution; its answer was too large to keep, so only its IDs are shown';

interface StoredOutcome {
	/** JSON of the answer or error; undefined for a tombstone. */
	json?: string;
	kind: RememberedOutcome['kind'];
}

/** Everything remembered of one execution, in the order it was sent. */
interface ExecutionMemory {
	outcomes: Map<string, StoredOutcome>;
	bytes: number;
	lastUsed: number;
}

/** Rough size in memory: strings are UTF-16, a Map entry costs some pointers. */
const ENTRY_OVERHEAD_BYTES = 64;
const sizeOf = (slot: string, outcome: StoredOutcome): number =>
	ENTRY_OVERHEAD_BYTES + 2 * (slot.length + (outcome.json?.length ?? 0));

/**
 * n8n's "Retry On Fail" runs the whole node again after a failure, with every item. Requests that must
 * not be repeated (calls, messages, purchases, …) remember how they ended, per execution; a retry gets
 * the remembered answer (or the same outcome-unknown error) instead of sending again.
 *
 * Bounded in bytes (MAX_JOURNAL_BYTES) and in time (REMEMBERED_ANSWER_TTL_MS). Large answers keep
 * only their IDs. When the bound is reached, answers of the executions used longest ago become
 * tombstones first (the request is still not sent again; the item fails "sent before, answer not
 * kept"); only executions idle for IDLE_EXECUTION_MS are ever forgotten entirely, so the entries of
 * a running execution are never dropped by other work.
 */
const executions = new Map<string, ExecutionMemory>();
let totalBytes = 0;
let budgetBytes = MAX_JOURNAL_BYTES;

/** Where one request sits: its execution, and node, run, item and position inside the item. */
export interface JournalSlot {
	execution: string;
	slot: string;
}

/**
 * How many requests that must not be repeated each item has sent in one node run. n8n gives every
 * try of a node a new context, so counting per context gives a retry the same positions.
 */
const positionsByContext = new WeakMap<object, Map<number, number>>();

/**
 * The slot of the next request of an item, or undefined outside an execution (list searches, trigger
 * activation), where n8n does not retry. Not keyed by the body: an expression such as `{{ $now }}`
 * gives the retry another body for the same message.
 */
export function journalSlot(
	context: FamulorRequestContext,
	request: FamulorRequest,
): JournalSlot | undefined {
	if (request.itemIndex === undefined || !('getExecutionId' in context)) return undefined;
	const executionId = context.getExecutionId();
	// n8n's node contexts carry the run index (a node inside a loop runs once per pass); a retry keeps it.
	const runIndex = (context as { runIndex?: unknown }).runIndex;
	if (!executionId || typeof runIndex !== 'number') return undefined;
	let positions = positionsByContext.get(context);
	if (!positions) positionsByContext.set(context, (positions = new Map()));
	const position = positions.get(request.itemIndex) ?? 0;
	positions.set(request.itemIndex, position + 1);
	return {
		execution: `${context.getWorkflow().id ?? ''}|${executionId}`,
		slot: [context.getNode().name, runIndex, request.itemIndex, position].join('|'),
	};
}

function forgetExecution(execution: string): void {
	const memory = executions.get(execution);
	if (!memory) return;
	totalBytes -= memory.bytes;
	executions.delete(execution);
}

function store(memory: ExecutionMemory, slot: string, outcome: StoredOutcome): void {
	const before = memory.outcomes.get(slot);
	const delta = sizeOf(slot, outcome) - (before ? sizeOf(slot, before) : 0);
	memory.outcomes.set(slot, outcome);
	memory.bytes += delta;
	totalBytes += delta;
}

/** Frees memory until the journal fits its bound: expired executions, then answers, then idle executions. */
function makeRoom(now: number, current: string): void {
	for (const [execution, memory] of executions) {
		if (memory.lastUsed + REMEMBERED_ANSWER_TTL_MS <= now) forgetExecution(execution);
	}
	// Least recently used first (a Map keeps the order of insertion; use re-inserts), the current execution last.
	const order = [...executions.keys()].filter((execution) => execution !== current);
	if (executions.has(current)) order.push(current);
	for (const execution of order) {
		if (totalBytes <= budgetBytes) return;
		const memory = executions.get(execution) as ExecutionMemory;
		for (const [slot, outcome] of memory.outcomes) {
			if (totalBytes <= budgetBytes) return;
			if (outcome.kind === 'answered') store(memory, slot, { kind: 'answerNotKept' });
		}
	}
	for (const execution of order) {
		if (totalBytes <= budgetBytes) return;
		const memory = executions.get(execution) as ExecutionMemory;
		if (memory.lastUsed + IDLE_EXECUTION_MS <= now) forgetExecution(execution);
	}
}

function touch(execution: string, now: number): ExecutionMemory {
	const memory = executions.get(execution) ?? { outcomes: new Map(), bytes: 0, lastUsed: now };
	executions.delete(execution);
	executions.set(execution, memory);
	memory.lastUsed = now;
	return memory;
}

export function recall({ execution, slot }: JournalSlot): RememberedOutcome | undefined {
	const memory = executions.get(execution);
	if (!memory) return undefined;
	if (memory.lastUsed + REMEMBERED_ANSWER_TTL_MS <= Date.now()) {
		forgetExecution(execution);
		return undefined;
	}
	const stored = touch(execution, Date.now()).outcomes.get(slot);
	if (!stored) return undefined;
	if (stored.kind === 'answerNotKept') return { kind: 'answerNotKept' };
	if (stored.kind === 'unknown')
		return { kind: 'unknown', error: JSON.parse(stored.json as string) as RememberedError };
	return { kind: 'answered', answer: JSON.parse(stored.json as string) as IDataObject };
}

const ID_KEY = /^(id|uuid)$|(_id|_ids|_uuid|Id|Ids|Uuid)$/;

/** The IDs of an answer, where they stood (nested objects and lists kept), and nothing else. */
function idsOf(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(idsOf).filter((entry) => entry !== undefined);
	if (typeof value !== 'object' || value === null) return undefined;
	const kept: IDataObject = {};
	for (const [key, entry] of Object.entries(value as IDataObject)) {
		if (ID_KEY.test(key) && (typeof entry !== 'object' || entry === null)) kept[key] = entry;
		else if (ID_KEY.test(key) && Array.isArray(entry)) kept[key] = entry;
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

/** The answer to remember: whole when small, else its IDs with a note saying so (also inside `data`). */
function answerToKeep(answer: IDataObject): StoredOutcome {
	const whole = JSON.stringify(answer);
	if (whole.length <= MAX_WHOLE_ANSWER_CHARS) return { kind: 'answered', json: whole };
	const ids = idsOf(answer);
	if (Array.isArray(ids)) return { kind: 'answered', json: JSON.stringify(ids) };
	const data = (ids as IDataObject).data;
	if (typeof data === 'object' && data !== null && !Array.isArray(data))
		(data as IDataObject)[ONLY_IDS_NOTE_FIELD] = ONLY_IDS_NOTE;
	return {
		kind: 'answered',
		json: JSON.stringify({ ...(ids as IDataObject), [ONLY_IDS_NOTE_FIELD]: ONLY_IDS_NOTE }),
	};
}

export function remember(
	{ execution, slot }: JournalSlot,
	outcome: { kind: 'answered'; answer: IDataObject } | { kind: 'unknown'; error: RememberedError },
): void {
	const now = Date.now();
	const stored: StoredOutcome =
		outcome.kind === 'answered'
			? answerToKeep(outcome.answer)
			: { kind: 'unknown', json: JSON.stringify(outcome.error) };
	store(touch(execution, now), slot, stored);
	makeRoom(now, execution);
}

/** For tests of the bound: how much is held, and a smaller bound (restored with no argument). */
export function journalBytes(): number {
	return totalBytes;
}
export function setJournalBudget(bytes = MAX_JOURNAL_BYTES): void {
	budgetBytes = bytes;
}
