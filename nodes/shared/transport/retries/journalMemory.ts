import type { IDataObject } from 'n8n-workflow';

import { IDLE_EXECUTION_MS, MAX_JOURNAL_BYTES, REMEMBERED_ANSWER_TTL_MS } from '../constants';
import type { RememberedError, RememberedOutcome } from './remembered';

/**
 * The journal's memory in this process (journal.ts says what it is for), bounded in bytes
 * (MAX_JOURNAL_BYTES) and in time (REMEMBERED_ANSWER_TTL_MS). When the bound is reached, answers of
 * the executions used longest ago become tombstones first (the request is still not sent again; the
 * item fails "sent before, answer not kept"); only executions idle for IDLE_EXECUTION_MS are ever
 * forgotten entirely, so the entries of a running execution are never dropped by other work. The
 * map's order is the order of last use (every use re-inserts), so the executions to expire or drop
 * come first.
 */

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

const executions = new Map<string, ExecutionMemory>();
let totalBytes = 0;

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

/**
 * Executions unused for longer than `age`, oldest first, while they lead the map; stops at the first
 * younger one.
 */
function forgetOlderThan(age: number, now: number, enough: () => boolean): void {
	for (const [execution, memory] of executions) {
		if (enough() || memory.lastUsed + age > now) return;
		forgetExecution(execution);
	}
}

/**
 * Frees memory until the journal fits its bound: expired executions, then answers, then idle
 * executions.
 */
function makeRoom(now: number): void {
	forgetOlderThan(REMEMBERED_ANSWER_TTL_MS, now, () => false);
	const fits = () => totalBytes <= MAX_JOURNAL_BYTES;
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

/** The execution's memory, moved to the end of the map as the one used last. */
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

/** How the request of `slot` ended, as this process remembers it. */
export function recallFromMemory(execution: string, slot: string): RememberedOutcome | undefined {
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

/** Keeps the JSON of an answer or an outcome-unknown error, then frees memory beyond the bound. */
export function keepInMemory(
	execution: string,
	slot: string,
	kind: 'answered' | 'unknown',
	json: string,
): void {
	const now = Date.now();
	const memory = touch(execution, now);
	(kind === 'answered' ? memory.answers : memory.unknowns).set(slot, json);
	grow(memory, sizeOf(slot, json));
	makeRoom(now);
}
