/**
 * Deleting the trigger's tools. Deleting a tool takes it off every assistant
 * (https://docs.famulor.de/en/api-reference/mid-call-tools/delete-tool), so no assistant is rewritten:
 * an unpublish never writes an old tool list over a newer one. Each tool gets its delete even when
 * another failed; what could not be deleted is reported, never dropped.
 */
import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';

import { famulorApiRequest } from '../../shared/transport';
import { lifecycleError } from '../lifecycleErrors';

export type Step = 'publish' | 'unpublish';

/** A tool the trigger made that is still in Famulor, and why. */
export interface Leftover {
	toolId: number;
	reason: string;
}

export function isNotFound(error: unknown): boolean {
	const found = error as { httpCode?: unknown; context?: { httpCode?: unknown } } | undefined;
	return String(found?.httpCode) === '404' || Number(found?.context?.httpCode) === 404;
}

/** Deletes each tool; one already gone counts as deleted. Returns the tools left in Famulor. */
export async function deleteTools(
	this: IHookFunctions,
	toolIds: readonly number[],
	step: Step,
): Promise<Leftover[]> {
	const leftovers: Leftover[] = [];
	for (const toolId of toolIds) {
		try {
			await famulorApiRequest.call(this, {
				method: 'DELETE',
				path: `/api/user/tools/${toolId}`,
				safeToRepeat: true,
			});
		} catch (error) {
			if (isNotFound(error)) continue;
			const action = `Deleting mid-call tool #${toolId}`;
			leftovers.push({
				toolId,
				reason: lifecycleError(this.getNode(), error, action, step).message,
			});
		}
	}
	return leftovers;
}

/** "Mid-call tool #12 is left in Famulor (…): delete it …", one sentence per tool. */
export function leftoverText(leftovers: readonly Leftover[]): string {
	return leftovers
		.map(
			({ toolId, reason }) =>
				`Mid-call tool #${toolId} is left in Famulor (${reason.replace(/\.$/, '')}): delete it in Famulor under Mid-Call Tools, which also takes it off its assistants.`,
		)
		.join(' ');
}

/** Deletes the tools and throws naming what is left, if anything. */
export async function deleteToolsOrThrow(
	this: IHookFunctions,
	toolIds: readonly number[],
	step: Step,
	before = '',
): Promise<void> {
	const leftovers = await deleteTools.call(this, toolIds, step);
	if (leftovers.length > 0)
		throw new NodeOperationError(this.getNode(), `${before}${leftoverText(leftovers)}`);
}
