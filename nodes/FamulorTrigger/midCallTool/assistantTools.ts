/**
 * Adding the tool to an assistant, and taking it off, without dropping the assistant's other tools.
 * The service stores an assistant's tools as one list that an update replaces whole
 * (https://docs.famulor.de/en/api-reference/assistants/update: `tool_ids`), and it has no conditional
 * update. So each change reads the list, writes it with the one change, and reads it back:
 * - another writer that replaced the list after ours (our change is missing): our change is applied to
 *   their list and written again, at most MAX_TOOL_LIST_WRITES times;
 * - tools another writer added after our write stay (the read-back shows them; nothing is rewritten);
 * - a tool another writer added between our read and our write is overwritten by our write: nothing
 *   the service answers shows it. The window is one request long; the README says so.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { famulorApiRequest, MAX_PAGE_SIZE, pageNumberPages } from '../../shared/transport';

/** Writes of one assistant's list before giving up on a list that keeps changing under us. */
export const MAX_TOOL_LIST_WRITES = 3;

export type ToolChange = 'add' | 'remove';

/** The list to write for the change, or null when the list already is as wanted. */
export function toolListToWrite(
	current: readonly number[],
	toolId: number,
	change: ToolChange,
): number[] | null {
	const has = current.includes(toolId);
	if (change === 'add') return has ? null : [...current, toolId];
	return has ? current.filter((id) => id !== toolId) : null;
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

/** The assistant's mid-call tool IDs; undefined when the record does not report them. */
export function toolIdsOf(assistant: IDataObject): number[] | undefined {
	const ids = assistant.tool_ids;
	if (!Array.isArray(ids)) return undefined;
	return ids.map(Number).filter((id) => Number.isSafeInteger(id));
}

export function assistantName(assistant: IDataObject | undefined, id: number): string {
	return typeof assistant?.name === 'string' ? `"${assistant.name}" (#${id})` : `#${id}`;
}

async function currentToolIds(
	this: IHookFunctions,
	assistantId: number,
): Promise<{ record?: IDataObject; ids?: number[] }> {
	const record = (await readAssistants.call(this, [assistantId])).get(assistantId);
	return { record, ids: record ? toolIdsOf(record) : undefined };
}

/**
 * Applies the change to the assistant's tool list. Returns false when there is nothing to change it on
 * (the assistant is gone, or its record does not list its tools) and the change is a removal; throws
 * for an addition in those cases, and when other writers kept replacing the list.
 */
export async function changeAssistantTools(
	this: IHookFunctions,
	assistantId: number,
	toolId: number,
	change: ToolChange,
): Promise<boolean> {
	let { record, ids } = await currentToolIds.call(this, assistantId);
	for (let write = 1; write <= MAX_TOOL_LIST_WRITES; write++) {
		if (!record || !ids) {
			if (change === 'remove') return false;
			throw new NodeOperationError(
				this.getNode(),
				record
					? `Famulor does not report which mid-call tools assistant ${assistantName(record, assistantId)} has, so adding the tool could drop them: add the tool to it in Famulor by hand, or pick another assistant`
					: `Assistant #${assistantId} was not found in this Famulor account: pick the assistants from the list, or use the credential of the account they belong to`,
			);
		}
		const next = toolListToWrite(ids, toolId, change);
		if (next === null) return true;
		await famulorApiRequest.call(this, {
			method: 'PUT',
			path: `/api/user/assistant/${assistantId}`,
			body: { tool_ids: next },
		});
		({ record, ids } = await currentToolIds.call(this, assistantId));
		if (record && ids && toolListToWrite(ids, toolId, change) === null) return true;
	}
	throw new NodeOperationError(
		this.getNode(),
		`The mid-call tools of assistant ${assistantName(record, assistantId)} kept changing while the trigger ${change === 'add' ? 'added' : 'removed'} its tool (${MAX_TOOL_LIST_WRITES} writes were replaced by others): wait until nobody edits the assistant, then try again`,
	);
}
