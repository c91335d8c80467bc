import { carriedJournalOf, dropCarriedRun, inputDigest, type CarriedJournal } from './lineage';
import type { FamulorRequest, FamulorRequestContext } from '../types';

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

/**
 * n8n's node contexts carry the run index (a node inside a loop runs once per pass); a retry keeps
 * it.
 */
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
