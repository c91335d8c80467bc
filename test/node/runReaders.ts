/** Readers of a node run and of the sandbox's request log: everything a run shows, its items' JSON, the single request, a body's field types. */
import type { IDataObject } from 'n8n-workflow';

import type { RequestLogEntry } from '../../sandbox';
import type { NodeRunResult } from '../../harness/engine';

/** Everything of a run a user, a log or another node could see: output items and the error with all its details and stack. */
export function visibleText(result: NodeRunResult): string {
	const error = result.error;
	const errorParts = error
		? [
				error.message,
				error.description,
				error.context,
				error.httpCode,
				(error as { cause?: unknown }).cause,
				error,
			]
		: [];
	const safe = (value: unknown): string => {
		try {
			return JSON.stringify(value) ?? '';
		} catch {
			return String(value);
		}
	};
	return [
		safe(result.output),
		...errorParts.map(safe),
		error ? String(error.stack ?? '') : '',
	].join('\n');
}

/** The JSON of each output item. */
export function jsonOf(result: NodeRunResult): IDataObject[] {
	return result.output.map((item) => item.json);
}
/** The single logged request, failing with the whole log when there is not exactly one. */
export function only(log: RequestLogEntry[]): RequestLogEntry {
	if (log.length !== 1)
		throw new Error(
			`expected exactly one request, got ${log.length}: ${JSON.stringify(log.map((e) => `${e.method} ${e.path}`))}`,
		);
	return log[0];
}

/** Names and JSON types of a body's fields, e.g. `{ sender_id: 'number', message: 'string' }`. */
export function fieldTypes(body: unknown): Record<string, string> {
	return Object.fromEntries(
		Object.entries((body ?? {}) as Record<string, unknown>).map(([key, value]) => [
			key,
			Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
		]),
	);
}
