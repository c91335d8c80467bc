import type { IDataObject } from 'n8n-workflow';

/** A response header by its lower-case name, whatever case the answer used. */
export function header(headers: IDataObject | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
	return entry === undefined ? undefined : String(entry[1]);
}
