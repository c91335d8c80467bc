/**
 * Before publishing: a tool of this very node already in Famulor. One calling this node's URL is ours
 * from an activation whose static data was lost (it would answer 401 to every request): deleted. One
 * calling its other URL (the test URL while published, or the reverse) is in the way on an assistant
 * that has it, or that does not report its tools (as documented, so it may have it): refused.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { conflict } from '../conflicts';
import { lifecycleError } from '../lifecycleErrors';
import { webhookPathTail } from '../nodeUrl';
import { withoutQuery } from '../secret';
import { assistantName, readAssistants, toolIdsOf } from './assistantTools';
import { deleteToolsOrThrow } from './toolCleanup';
import { listTools } from './toolCreate';
import type { ToolSettings } from './toolSettings';

/** Why another URL of this very node is in the way (its test URL while published, or the reverse). */
function otherUrlMessage(this: IHookFunctions, name: string, assistant: string): string {
	if (this.getMode() === 'manual')
		return `This workflow is published, so assistant ${assistant} has its tool "${name}" already: unpublish the workflow to test this trigger, then publish it again afterwards`;
	return `Assistant ${assistant} has this trigger's test tool "${name}" ("Test this trigger" is listening): stop listening, then publish again`;
}

/** The chosen assistants that have the tool, or may have it (their record does not say). */
function assistantsWith(
	toolId: number,
	assistantIds: readonly number[],
	assistants: Map<number, IDataObject>,
): number[] {
	return assistantIds.filter((id) =>
		(toolIdsOf(assistants.get(id) ?? {}) ?? [toolId]).includes(toolId),
	);
}

export async function checkNoOtherTool(
	this: IHookFunctions,
	settings: ToolSettings,
	endpoint: string,
): Promise<void> {
	let list: IDataObject[];
	let assistants: Map<number, IDataObject>;
	try {
		list = await listTools.call(this);
		assistants = await readAssistants.call(this, settings.assistantIds);
	} catch (error) {
		const action = 'Looking up the mid-call tools and assistants';
		throw error instanceof NodeOperationError
			? error
			: lifecycleError(this.getNode(), error, action, 'publish');
	}
	const missing = settings.assistantIds.find((id) => !assistants.has(id));
	if (missing !== undefined)
		throw new NodeOperationError(
			this.getNode(),
			`Assistant #${missing} was not found in this Famulor account: pick the assistants from the list, or use the credential of the account they belong to`,
		);
	for (const tool of list) {
		if (webhookPathTail(String(tool.endpoint ?? '')) !== webhookPathTail(endpoint)) continue;
		const toolId = Number(tool.id);
		if (withoutQuery(String(tool.endpoint)) === withoutQuery(endpoint)) {
			this.logger.warn(`Famulor trigger deletes its orphaned mid-call tool #${toolId}`);
			await deleteToolsOrThrow.call(this, [toolId], 'publish');
			continue;
		}
		const on = assistantsWith(toolId, settings.assistantIds, assistants);
		// A conflict, refused at once: n8n 2.40+ would try a plain error again four times.
		if (on.length > 0)
			throw conflict.call(
				this,
				otherUrlMessage.call(this, String(tool.name), assistantName(assistants.get(on[0]), on[0])),
			);
	}
}
