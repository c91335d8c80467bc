/** The tool as the node describes it, checked with the service's rules before anything is sent. */
import { createHash } from 'crypto';
import { NodeOperationError, type IDataObject, type IHookFunctions } from 'n8n-workflow';

import { buildToolBody } from '../../Famulor/actions/midCallTool/fields';
import { parseId } from '../../shared/ids';
import { readKeepEntries } from './keepTools';

/**
 * The header the service sends with every request of the tool
 * (https://docs.famulor.de/en/ai-assistants/custom-mid-call-tools: custom headers).
 */
export const TOOL_SECRET_HEADER = 'x-famulor-tool-secret';

export interface ToolSettings {
	assistantIds: number[];
	/** Other Tools to Keep: tool names or IDs (keepTools.ts). */
	keep: string[];
	/** name, description, timeout, schema: checked as the tool operations check them. */
	definition: IDataObject;
}

function readAssistantIds(this: IHookFunctions): number[] {
	const raw = this.getNodeParameter('toolAssistantIds', []) as unknown;
	const values = Array.isArray(raw) ? raw : String(raw ?? '').split(',');
	const ids: number[] = [];
	for (const value of values) {
		if (typeof value === 'string' && value.trim() === '') continue;
		const id = parseId(value);
		if (id === undefined)
			throw new NodeOperationError(
				this.getNode(),
				`Parameter "Assistant Names or IDs" must list numeric assistant IDs, got "${String(value)}"`,
			);
		if (!ids.includes(id)) ids.push(id);
	}
	if (ids.length === 0)
		throw new NodeOperationError(
			this.getNode(),
			'Parameter "Assistant Names or IDs" is empty: choose the assistants that get the tool',
		);
	return ids;
}

export function readToolSettings(this: IHookFunctions): ToolSettings {
	const definition = buildToolBody.call(this, 0, {
		name: this.getNodeParameter('toolName', '') as string,
		description: this.getNodeParameter('toolDescription', '') as string,
		timeout: this.getNodeParameter('toolTimeout', 10) as number,
		schema: this.getNodeParameter('toolParameters', {}) as IDataObject,
	});
	return {
		assistantIds: readAssistantIds.call(this),
		keep: readKeepEntries.call(this),
		definition,
	};
}

/** The tool's body: its definition, this node's URL and the activation's secret header. */
export function toolBody(settings: ToolSettings, endpoint: string, secret: string): IDataObject {
	return {
		...settings.definition,
		endpoint,
		method: 'POST',
		headers: [{ name: TOOL_SECRET_HEADER, value: secret }],
	};
}

/** Whether a tool's headers carry the activation's secret: how the trigger knows its own tool. */
export function carriesSecret(headers: unknown, secret: string): boolean {
	return (
		Array.isArray(headers) &&
		headers.some(
			(header) =>
				String((header as { name?: unknown }).name ?? '').toLowerCase() === TOOL_SECRET_HEADER &&
				(header as { value?: unknown }).value === secret,
		)
	);
}

export function definitionDigest(settings: ToolSettings): string {
	return createHash('sha256')
		.update(JSON.stringify(settings.definition))
		.digest('hex')
		.slice(0, 32);
}

/** Declared parameter names and types, for reading a request (the node's current parameters). */
export function declaredParameters(schema: unknown): Map<string, string> {
	const entries = ((schema as { parameter?: IDataObject[] } | undefined)?.parameter ??
		[]) as IDataObject[];
	return new Map(
		entries
			.filter((entry) => typeof entry.name === 'string' && entry.name.trim() !== '')
			.map((entry) => [String(entry.name).trim(), String(entry.type ?? 'string')]),
	);
}
