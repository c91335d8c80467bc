/** What publishing a Mid-Call Tool left in the node's static data, so checkExists and delete act only on it. */
import type { IDataObject } from 'n8n-workflow';

/** Static-data key (beside the webhook events' `registration`, which this event does not use). */
const TOOL_REGISTRATION = 'toolRegistration';

export interface ToolRegistration {
	toolId: number;
	/** The tool's endpoint: this node's webhook URL. */
	endpoint: string;
	/** Sent by the service in TOOL_SECRET_HEADER with every request of the tool. */
	secret: string;
	/** The assistants the tool was added to. */
	assistantIds: number[];
	/** Other Tools to Keep as published (absent in registrations before it existed: none). */
	keep: string[];
	/** A digest of the tool's definition (name, description, parameters, timeout): a change re-publishes it. */
	definition: string;
}

function isIdList(value: unknown): value is number[] {
	return Array.isArray(value) && value.every((id) => typeof id === 'number');
}

function isTextList(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

export function readToolRegistration(staticData: IDataObject): ToolRegistration | undefined {
	const stored = staticData[TOOL_REGISTRATION] as Partial<ToolRegistration> | undefined;
	if (!stored || typeof stored !== 'object') return undefined;
	const { toolId, endpoint, secret, assistantIds, definition, keep = [] } = stored;
	if (typeof toolId !== 'number' || typeof endpoint !== 'string' || typeof secret !== 'string')
		return undefined;
	if (!isIdList(assistantIds) || typeof definition !== 'string' || !isTextList(keep))
		return undefined;
	return { toolId, endpoint, secret, assistantIds, keep, definition };
}

export function saveToolRegistration(
	staticData: IDataObject,
	registration: ToolRegistration,
): void {
	staticData[TOOL_REGISTRATION] = JSON.parse(JSON.stringify(registration)) as IDataObject;
}

export function clearToolRegistration(staticData: IDataObject): void {
	delete staticData[TOOL_REGISTRATION];
}
