/**
 * Creating the tool (https://docs.famulor.de/en/api-reference/mid-call-tools/create-tool), which is
 * never sent twice (a plan slot each). When its answer is lost (outcome unknown) or lacks the ID, the
 * account's tools are listed (https://docs.famulor.de/en/api-reference/mid-call-tools/list-tools) and
 * the tool is found again by its name, endpoint and the activation's secret header: reused when there,
 * else the create did not happen.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
} from 'n8n-workflow';

import { famulorApiRequest, unwrapList, unwrapRecord } from '../../shared/transport';
import { OUTCOME_UNKNOWN } from '../../shared/transport/errors/errors';
import { lifecycleError } from '../lifecycleErrors';
import { carriesSecret } from './toolSettings';

/** The account's mid-call tools: a bare array, or wrapped in `data` (list-tools page). */
export async function listTools(this: IHookFunctions): Promise<IDataObject[]> {
	return unwrapList(await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/tools' }));
}

function outcomeUnknown(error: unknown): boolean {
	return (
		error instanceof NodeApiError &&
		(error.context as IDataObject | undefined)?.errorCode === OUTCOME_UNKNOWN
	);
}

/** The tools this create made: same name and endpoint, carrying the activation's secret. */
export function toolsMadeBy(
	tools: readonly IDataObject[],
	body: IDataObject,
	secret: string,
): number[] {
	return tools
		.filter(
			(tool) =>
				tool.name === body.name &&
				tool.endpoint === body.endpoint &&
				carriesSecret(tool.headers, secret),
		)
		.map((tool) => Number(tool.id))
		.filter((id) => Number.isSafeInteger(id));
}

/** The new tool's ID, and any duplicates of it found (to delete). */
export interface CreatedTool {
	toolId: number;
	duplicates: number[];
}

export async function createToolOnce(
	this: IHookFunctions,
	body: IDataObject,
	secret: string,
): Promise<CreatedTool> {
	let lost: unknown;
	try {
		const created = unwrapRecord(
			await famulorApiRequest.call(this, { method: 'POST', path: '/api/user/tools', body }),
		);
		const toolId = Number(created.id);
		if (Number.isSafeInteger(toolId) && toolId > 0) return { toolId, duplicates: [] };
		lost = new NodeOperationError(this.getNode(), "Famulor did not answer with the new tool's ID");
	} catch (error) {
		if (!outcomeUnknown(error))
			throw lifecycleError(this.getNode(), error, 'Creating the mid-call tool', 'publish');
		lost = error;
	}
	const said = lost instanceof Error ? lost.message : String(lost);
	let found: number[];
	try {
		found = toolsMadeBy(await listTools.call(this), body, secret);
	} catch (error) {
		const listing = error instanceof Error ? error.message : String(error);
		throw new NodeOperationError(
			this.getNode(),
			`Creating the mid-call tool got no usable answer (${said}), and listing the tools to find it failed too (${listing}). If Famulor lists a mid-call tool "${String(body.name)}" calling ${String(body.endpoint)}, delete it under Mid-Call Tools, then publish the workflow again`,
		);
	}
	if (found.length === 0)
		throw new NodeOperationError(
			this.getNode(),
			`Creating the mid-call tool got no usable answer (${said}); Famulor lists no tool it made, so nothing is left behind: publish the workflow again`,
		);
	this.logger.warn(
		`Famulor trigger: the answer to creating mid-call tool #${found[0]} was lost; found it by name and endpoint`,
	);
	return { toolId: found[0], duplicates: found.slice(1) };
}
