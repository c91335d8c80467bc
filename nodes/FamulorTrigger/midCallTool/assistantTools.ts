/**
 * Adding the tool to an assistant without dropping tools the assistant keeps. The service stores an
 * assistant's mid-call tools as one list that an update replaces whole
 * (https://docs.famulor.de/en/api-reference/assistants/update: `tool_ids`), with no conditional update.
 * Two ways to write it:
 * - reported: the assistant's record lists its tools (`tool_ids`, which no docs page shows:
 *   https://docs.famulor.de/en/api-reference/assistants/list). The list is read, written with the tool
 *   added and read back; a list another writer replaced after ours gets the tool added again, at most
 *   MAX_TOOL_LIST_WRITES times.
 * - named: the record does not list them (the service as documented). The list written is the tools
 *   the user named in Other Tools to Keep plus ours: nothing else can be known, so nothing else stays.
 * Publishes in this n8n process take turns per assistant (assistantLock.ts), so two of them never
 * write over each other's tool.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { famulorApiRequest, MAX_PAGE_SIZE, pageNumberPages } from '../../shared/transport';

/** Writes of one assistant's list before giving up on a list that keeps changing under us. */
export const MAX_TOOL_LIST_WRITES = 3;

/** How an assistant's tool list was written: every tool it had kept, or only the ones named. */
export type ToolListMode = 'reported' | 'named';

/** The list to write to add the tool, or null when it is there already. */
export function toolListToWrite(current: readonly number[], toolId: number): number[] | null {
	return current.includes(toolId) ? null : [...current, toolId];
}

/** The named list: the tools to keep, then ours, each once. */
export function namedToolList(keepIds: readonly number[], toolId: number): number[] {
	return [...new Set([...keepIds, toolId])];
}

/**
 * The assistants' records by ID, from one pass over the list
 * (https://docs.famulor.de/en/api-reference/assistants/list).
 */
export async function readAssistants(
	this: IHookFunctions,
	ids: readonly number[],
): Promise<Map<number, IDataObject>> {
	const found = new Map<number, IDataObject>();
	for await (const page of pageNumberPages.call(this, {
		path: '/api/user/assistants/get',
		perPage: MAX_PAGE_SIZE,
	})) {
		for (const record of page) {
			const id = Number(record.id);
			if (ids.includes(id)) found.set(id, record);
		}
		if (found.size === ids.length) break;
	}
	return found;
}

/** The assistant's mid-call tool IDs; undefined when the record does not report them (as documented). */
export function toolIdsOf(assistant: IDataObject): number[] | undefined {
	const ids = assistant.tool_ids;
	if (!Array.isArray(ids)) return undefined;
	return ids.map(Number).filter((id) => Number.isSafeInteger(id));
}

export function assistantName(assistant: IDataObject | undefined, id: number): string {
	return typeof assistant?.name === 'string' ? `"${assistant.name}" (#${id})` : `#${id}`;
}

function notFound(this: IHookFunctions, assistantId: number): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`Assistant #${assistantId} was not found in this Famulor account: pick the assistants from the list, or use the credential of the account they belong to`,
	);
}

async function writeToolIds(this: IHookFunctions, assistantId: number, ids: number[]) {
	await famulorApiRequest.call(this, {
		method: 'PUT',
		path: `/api/user/assistant/${assistantId}`,
		body: { tool_ids: ids },
	});
}

async function currentRecord(this: IHookFunctions, assistantId: number) {
	return (await readAssistants.call(this, [assistantId])).get(assistantId);
}

/** Adds the tool to the assistant; returns which way the list was written. */
export async function addToolToAssistant(
	this: IHookFunctions,
	assistantId: number,
	toolId: number,
	keepIds: readonly number[],
): Promise<ToolListMode> {
	let record = await currentRecord.call(this, assistantId);
	if (!record) throw notFound.call(this, assistantId);
	if (toolIdsOf(record) === undefined) {
		await writeToolIds.call(this, assistantId, namedToolList(keepIds, toolId));
		return 'named';
	}
	for (let write = 1; write <= MAX_TOOL_LIST_WRITES; write++) {
		const ids = record ? toolIdsOf(record) : undefined;
		if (!record || !ids) throw notFound.call(this, assistantId);
		const next = toolListToWrite(ids, toolId);
		if (next === null) return 'reported';
		await writeToolIds.call(this, assistantId, next);
		record = await currentRecord.call(this, assistantId);
		const after = record ? toolIdsOf(record) : undefined;
		if (after && toolListToWrite(after, toolId) === null) return 'reported';
	}
	throw new NodeOperationError(
		this.getNode(),
		`The mid-call tools of assistant ${assistantName(record, assistantId)} kept changing while the trigger added its tool (${MAX_TOOL_LIST_WRITES} writes were replaced by others): wait until nobody edits the assistant, then try again`,
	);
}
