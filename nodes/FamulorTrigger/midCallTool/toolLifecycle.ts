/**
 * Publishing and unpublishing the Mid-Call Tool event: the tool
 * (https://docs.famulor.de/en/api-reference/mid-call-tools/create-tool) points at this node's webhook URL
 * with a secret header minted per activation, and is added to each chosen assistant's tools. A publish
 * that fails half-way removes what it made, so nothing is left behind.
 */
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { famulorApiRequest, unwrapList, unwrapRecord } from '../../shared/transport';
import { conflict } from '../conflicts';
import { lifecycleError } from '../lifecycleErrors';
import { nodeWebhookUrl, webhookPathTail } from '../nodeUrl';
import { mintSecret, withoutQuery } from '../secret';
import { assistantName, changeAssistantTools, readAssistants, toolIdsOf } from './assistantTools';
import {
	clearToolRegistration,
	readToolRegistration,
	saveToolRegistration,
	type ToolRegistration,
} from './toolState';
import {
	definitionDigest,
	readToolSettings,
	TOOL_SECRET_HEADER,
	toolBody,
	type ToolSettings,
} from './toolSettings';

function sameIds(a: readonly number[], b: readonly number[]): boolean {
	return a.length === b.length && a.every((id) => b.includes(id));
}

type Step = 'publish' | 'unpublish';

function isNotFound(error: unknown): boolean {
	const found = error as { httpCode?: unknown; context?: { httpCode?: unknown } } | undefined;
	return String(found?.httpCode) === '404' || Number(found?.context?.httpCode) === 404;
}

/** Our own messages pass as they are; the service's errors get the step, its answer and the fix. */
function stepError(
	this: IHookFunctions,
	error: unknown,
	action: string,
	step: Step,
): NodeOperationError {
	return error instanceof NodeOperationError
		? error
		: lifecycleError(this.getNode(), error, action, step);
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

function carriesSecret(headers: unknown, secret: string): boolean {
	return (
		Array.isArray(headers) &&
		headers.some(
			(header) =>
				String((header as { name?: unknown }).name ?? '').toLowerCase() === TOOL_SECRET_HEADER &&
				(header as { value?: unknown }).value === secret,
		)
	);
}

/**
 * True only while our tool exists as published, calls this node's URL with our secret, and each
 * chosen assistant has it.
 */
export async function toolExists(this: IHookFunctions): Promise<boolean> {
	const registration = readToolRegistration(this.getWorkflowStaticData('node'));
	if (!registration) return false;
	const settings = readToolSettings.call(this);
	if (
		registration.endpoint !== nodeWebhookUrl.call(this) ||
		registration.definition !== definitionDigest(settings) ||
		!sameIds(registration.assistantIds, settings.assistantIds)
	)
		return false;
	const tool = await readTool.call(this, registration.toolId);
	if (!tool || tool.endpoint !== registration.endpoint) return false;
	if (!carriesSecret(tool.headers, registration.secret)) return false;
	const assistants = await readAssistants.call(this, registration.assistantIds);
	return registration.assistantIds.every((id) => {
		const record = assistants.get(id);
		return record !== undefined && (toolIdsOf(record) ?? []).includes(registration.toolId);
	});
}

/** Takes the tool off the assistants and deletes it; a tool already gone counts as removed. */
async function removeTool(
	this: IHookFunctions,
	toolId: number,
	assistantIds: readonly number[],
	step: Step,
): Promise<void> {
	let action = '';
	try {
		for (const assistantId of assistantIds) {
			action = `Taking mid-call tool #${toolId} off assistant #${assistantId}`;
			await changeAssistantTools.call(this, assistantId, toolId, 'remove');
		}
		action = `Deleting mid-call tool #${toolId}`;
		// Deleting also takes it off every assistant (https://docs.famulor.de/en/api-reference/mid-call-tools/delete-tool).
		await famulorApiRequest.call(this, {
			method: 'DELETE',
			path: `/api/user/tools/${toolId}`,
			safeToRepeat: true,
		});
	} catch (error) {
		if (!isNotFound(error)) throw stepError.call(this, error, action, step);
	}
}

/** Why another URL of this very node is in the way (its test URL while published, or the reverse). */
function otherUrlMessage(this: IHookFunctions, name: string, assistant: string): string {
	if (this.getMode() === 'manual')
		return `This workflow is published, so assistant ${assistant} has its tool "${name}" already: unpublish the workflow to test this trigger, then publish it again afterwards`;
	return `Assistant ${assistant} has this trigger's test tool "${name}" ("Test this trigger" is listening): stop listening, then publish again`;
}

/**
 * A tool of this node on a chosen assistant that is not the one being published: ours to delete
 * when orphaned, else in the way.
 */
async function checkNoOtherTool(
	this: IHookFunctions,
	settings: ToolSettings,
	endpoint: string,
): Promise<void> {
	let list: IDataObject[];
	let assistants: Map<number, IDataObject>;
	try {
		// A bare array, or wrapped in `data` (https://docs.famulor.de/en/api-reference/mid-call-tools/list-tools).
		list = unwrapList(
			await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/tools' }),
		);
		assistants = await readAssistants.call(this, settings.assistantIds);
	} catch (error) {
		throw stepError.call(this, error, 'Looking up the mid-call tools and assistants', 'publish');
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
		const on = settings.assistantIds.filter((id) =>
			(toolIdsOf(assistants.get(id) ?? {}) ?? []).includes(toolId),
		);
		if (withoutQuery(String(tool.endpoint)) === withoutQuery(endpoint)) {
			// Ours from an activation whose static data was lost: it would answer 401 to every request.
			this.logger.warn(`Famulor trigger deletes its orphaned mid-call tool #${toolId}`);
			await removeTool.call(this, toolId, on, 'publish');
		} else if (on.length > 0) {
			// A conflict, refused at once: n8n 2.40+ would try a plain error again four times.
			throw conflict.call(
				this,
				otherUrlMessage.call(this, String(tool.name), assistantName(assistants.get(on[0]), on[0])),
			);
		}
	}
}

async function publish(this: IHookFunctions, settings: ToolSettings): Promise<ToolRegistration> {
	const endpoint = nodeWebhookUrl.call(this);
	const secret = mintSecret();
	await checkNoOtherTool.call(this, settings, endpoint);
	let toolId: number | undefined;
	let action = 'Creating the mid-call tool';
	try {
		const created = unwrapRecord(
			await famulorApiRequest.call(this, {
				method: 'POST',
				path: '/api/user/tools',
				body: toolBody(settings, endpoint, secret),
			}),
		);
		toolId = Number(created.id);
		if (!Number.isSafeInteger(toolId))
			throw new NodeOperationError(this.getNode(), "Famulor did not answer with the new tool's ID");
		for (const assistantId of settings.assistantIds) {
			action = `Adding mid-call tool #${toolId} to assistant #${assistantId}`;
			await changeAssistantTools.call(this, assistantId, toolId, 'add');
		}
	} catch (error) {
		const failed = stepError.call(this, error, action, 'publish');
		if (toolId !== undefined) await undoPublish.call(this, toolId, settings.assistantIds, failed);
		throw failed;
	}
	return {
		toolId,
		endpoint,
		secret,
		assistantIds: settings.assistantIds,
		definition: definitionDigest(settings),
	};
}

/** Removes a half-published tool; if that fails too, the error says what is left and how to remove it. */
async function undoPublish(
	this: IHookFunctions,
	toolId: number,
	assistantIds: readonly number[],
	cause: NodeOperationError,
): Promise<void> {
	try {
		await removeTool.call(this, toolId, assistantIds, 'publish');
	} catch (undoError) {
		const said = undoError instanceof Error ? undoError.message : String(undoError);
		throw new NodeOperationError(
			this.getNode(),
			`${cause.message} Removing the half-published mid-call tool #${toolId} failed too (${said}): delete it in Famulor under Mid-Call Tools`,
		);
	}
}

export async function createTool(this: IHookFunctions): Promise<boolean> {
	const settings = readToolSettings.call(this);
	const staticData = this.getWorkflowStaticData('node');
	// A changed definition or assistant list: the earlier tool goes first.
	const previous = readToolRegistration(staticData);
	if (previous) {
		await removeTool.call(this, previous.toolId, previous.assistantIds, 'publish');
		clearToolRegistration(staticData);
	}
	saveToolRegistration(staticData, await publish.call(this, settings));
	return true;
}

export async function deleteTool(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const registration = readToolRegistration(staticData);
	if (registration)
		await removeTool.call(this, registration.toolId, registration.assistantIds, 'unpublish');
	clearToolRegistration(staticData);
	return true;
}
