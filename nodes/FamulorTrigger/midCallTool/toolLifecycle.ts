/**
 * Publishing and unpublishing the Mid-Call Tool event: the tool
 * (https://docs.famulor.de/en/api-reference/mid-call-tools/create-tool) points at this node's webhook URL
 * with a secret header minted per activation, and is added to each chosen assistant's tools
 * (assistantTools.ts). Both take turns per assistant in this process (assistantLock.ts). A publish that
 * fails half-way deletes what it made; unpublishing deletes the tool, which takes it off every assistant.
 */
import { NodeOperationError, type IHookFunctions } from 'n8n-workflow';

import { famulorApiRequest, unwrapRecord } from '../../shared/transport';
import { resolveCredentials } from '../../shared/transport/credentials';
import { lifecycleError } from '../lifecycleErrors';
import { nodeWebhookUrl } from '../nodeUrl';
import { mintSecret } from '../secret';
import { assistantLockKeys, withLocks } from './assistantLock';
import { addToolToAssistant, readAssistants, toolIdsOf } from './assistantTools';
import { resolveKeep } from './keepTools';
import {
	deleteTools,
	deleteToolsOrThrow,
	isNotFound,
	leftoverText,
	type Step,
} from './toolCleanup';
import { checkNoOtherTool } from './toolConflicts';
import { createToolOnce, listTools } from './toolCreate';
import {
	clearToolRegistration,
	readToolRegistration,
	saveToolRegistration,
	type ToolRegistration,
} from './toolState';
import {
	carriesSecret,
	definitionDigest,
	readToolSettings,
	toolBody,
	type ToolSettings,
} from './toolSettings';

function sameEntries<T>(a: readonly T[], b: readonly T[]): boolean {
	return a.length === b.length && a.every((entry) => b.includes(entry));
}

/** Our own messages pass as they are; the service's errors get the step, its answer and the fix. */
function stepError(this: IHookFunctions, error: unknown, action: string, step: Step) {
	return error instanceof NodeOperationError
		? error
		: lifecycleError(this.getNode(), error, action, step);
}

/** The turns of these assistants of the credential's account. */
async function withAssistantTurns<T>(
	this: IHookFunctions,
	assistantIds: readonly number[],
	run: () => Promise<T>,
): Promise<T> {
	const { baseUrl, tokenKey } = await resolveCredentials.call(this);
	return await withLocks(assistantLockKeys(`${baseUrl}|${tokenKey}`, assistantIds), run);
}

/** The tool as stored, or undefined when it is gone (404). */
async function readTool(this: IHookFunctions, toolId: number) {
	try {
		return unwrapRecord(
			await famulorApiRequest.call(this, { method: 'GET', path: `/api/user/tools/${toolId}` }),
		);
	} catch (error) {
		if (isNotFound(error)) return undefined;
		throw lifecycleError(this.getNode(), error, `Looking up mid-call tool #${toolId}`, 'publish');
	}
}

/**
 * True only while our tool exists as published, calls this node's URL with our secret, and each
 * chosen assistant that reports its tools has it (one that does not report them cannot be checked).
 */
export async function toolExists(this: IHookFunctions): Promise<boolean> {
	const registration = readToolRegistration(this.getWorkflowStaticData('node'));
	if (!registration) return false;
	const settings = readToolSettings.call(this);
	if (
		registration.endpoint !== nodeWebhookUrl.call(this) ||
		registration.definition !== definitionDigest(settings) ||
		!sameEntries(registration.assistantIds, settings.assistantIds) ||
		!sameEntries(registration.keep, settings.keep)
	)
		return false;
	const tool = await readTool.call(this, registration.toolId);
	if (!tool || tool.endpoint !== registration.endpoint) return false;
	if (!carriesSecret(tool.headers, registration.secret)) return false;
	const assistants = await readAssistants.call(this, registration.assistantIds);
	return registration.assistantIds.every((id) => {
		const record = assistants.get(id);
		return (
			record !== undefined &&
			(toolIdsOf(record) ?? [registration.toolId]).includes(registration.toolId)
		);
	});
}

/** What a failed publish says: its cause, the assistants whose unnamed tools went, what is left. */
async function failedPublish(
	this: IHookFunctions,
	cause: NodeOperationError,
	made: number[],
	named: number[],
): Promise<NodeOperationError> {
	const leftovers = await deleteTools.call(this, made, 'publish');
	const parts = [cause.message.replace(/\.?$/, '.')];
	if (named.length > 0)
		parts.push(
			`Famulor does not report an assistant's mid-call tools, so the tools of assistant${named.length === 1 ? '' : 's'} ${named.map((id) => `#${id}`).join(', ')} were set to the ones in "Other Tools to Keep": tools not named there are off ${named.length === 1 ? 'it' : 'them'}; add them again in Famulor if they should stay.`,
		);
	if (leftovers.length > 0) parts.push(leftoverText(leftovers));
	else if (made.length > 0)
		parts.push(
			`The half-published tool #${made.join(', #')} was deleted: nothing of it is left in Famulor.`,
		);
	return new NodeOperationError(this.getNode(), parts.join(' '));
}

async function publish(this: IHookFunctions, settings: ToolSettings): Promise<ToolRegistration> {
	const endpoint = nodeWebhookUrl.call(this);
	const secret = mintSecret();
	await checkNoOtherTool.call(this, settings, endpoint);
	const made: number[] = [];
	const named: number[] = [];
	let action = 'Creating the mid-call tool';
	try {
		const { toolId, duplicates } = await createToolOnce.call(
			this,
			toolBody(settings, endpoint, secret),
			secret,
		);
		made.push(toolId);
		// Copies of a create whose answer was lost: only one is used.
		await deleteToolsOrThrow.call(this, duplicates, 'publish');
		action = 'Looking up the tools in "Other Tools to Keep"';
		const keep = resolveKeep(
			settings.keep,
			settings.keep.length ? await listTools.call(this) : [],
			toolId,
		);
		for (const assistantId of settings.assistantIds) {
			action = `Adding mid-call tool #${toolId} to assistant #${assistantId}`;
			const mode = await addToolToAssistant.call(this, assistantId, toolId, keep.ids);
			if (mode === 'named') named.push(assistantId);
		}
		if (keep.missing.length > 0)
			this.logger.warn(
				`Famulor trigger: "Other Tools to Keep" names ${keep.missing.join(', ')}, which the account does not have now, so they are not on the assistants`,
			);
		if (named.length > 0) {
			const kept = keep.ids.length > 0 ? `#${keep.ids.join(', #')}` : 'none';
			this.logger.info(
				`Famulor trigger: mid-call tool #${toolId} published; the mid-call tools of assistant #${named.join(', #')} are now it and the ones in "Other Tools to Keep" (${kept}): any other was taken off`,
			);
		}
		return {
			toolId,
			endpoint,
			secret,
			assistantIds: settings.assistantIds,
			keep: settings.keep,
			definition: definitionDigest(settings),
		};
	} catch (error) {
		throw await failedPublish.call(
			this,
			stepError.call(this, error, action, 'publish'),
			made,
			named,
		);
	}
}

export async function createTool(this: IHookFunctions): Promise<boolean> {
	const settings = readToolSettings.call(this);
	const staticData = this.getWorkflowStaticData('node');
	// A changed definition or assistant list: the earlier tool goes first.
	const previous = readToolRegistration(staticData);
	const touched = [...settings.assistantIds, ...(previous?.assistantIds ?? [])];
	await withAssistantTurns.call(this, touched, async () => {
		if (previous) {
			await deleteToolsOrThrow.call(this, [previous.toolId], 'publish');
			clearToolRegistration(staticData);
		}
		saveToolRegistration(staticData, await publish.call(this, settings));
	});
	return true;
}

export async function deleteTool(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readToolRegistration(staticData);
	if (registration)
		await withAssistantTurns.call(this, registration.assistantIds, async () => {
			await deleteToolsOrThrow.call(this, [registration.toolId], 'unpublish');
		});
	clearToolRegistration(staticData);
	return true;
}
