/**
 * Other Tools to Keep: where Famulor does not report an assistant's mid-call tools (as documented:
 * https://docs.famulor.de/en/api-reference/assistants/list), publishing sets the assistant's list to
 * these tools plus the trigger's own (https://docs.famulor.de/en/api-reference/assistants/update:
 * `tool_ids` replaces the list). An entry is a tool's name, which stays when another workflow
 * publishes its tool again under a new ID, or a tool's ID. A tool name has no digits
 * (https://docs.famulor.de/en/api-reference/mid-call-tools/create-tool), so digits alone are an ID.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

export const KEEP_PARAMETER = 'toolKeep';
const KEEP_LABEL = 'Other Tools to Keep';
const TOOL_NAME = /^[a-z][a-z_]*$/;
const TOOL_ID = /^[1-9][0-9]*$/;

export function readKeepEntries(this: IHookFunctions): string[] {
	const raw = this.getNodeParameter(KEEP_PARAMETER, []) as unknown;
	const values = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	const entries: string[] = [];
	for (const value of values) {
		const entry = String(value ?? '').trim();
		if (entry === '') continue;
		if (!TOOL_NAME.test(entry) && !TOOL_ID.test(entry))
			throw new NodeOperationError(
				this.getNode(),
				`Parameter "${KEEP_LABEL}" must list mid-call tool names (lower-case letters and underscores) or numeric tool IDs, got "${entry}"`,
			);
		if (!entries.includes(entry)) entries.push(entry);
	}
	return entries;
}

export interface ResolvedKeep {
	/** The account's tools the entries name, in the order listed. */
	ids: number[];
	/** Entries that name no tool of the account now (not kept: there is nothing to keep). */
	missing: string[];
}

/** The tools the entries name among the account's tools, leaving out the trigger's own. */
export function resolveKeep(
	entries: readonly string[],
	tools: readonly IDataObject[],
	ownToolId: number,
): ResolvedKeep {
	const ids: number[] = [];
	const missing: string[] = [];
	for (const entry of entries) {
		const named = tools
			.filter((tool) => (TOOL_ID.test(entry) ? String(tool.id) === entry : tool.name === entry))
			.map((tool) => Number(tool.id))
			.filter((id) => Number.isSafeInteger(id) && id !== ownToolId);
		if (named.length === 0) missing.push(entry);
		for (const id of named) if (!ids.includes(id)) ids.push(id);
	}
	return { ids, missing };
}
