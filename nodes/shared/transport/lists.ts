import type { IDataObject } from 'n8n-workflow';

/**
 * Unwraps list answers that come as a bare array or as `{data: [...]}` (the service's docs show both);
 * `legacyKey` names the wrapper an endpoint used before, e.g. `campaigns` for `{campaigns: [...]}`.
 */
export function unwrapList(response: unknown, legacyKey?: string): IDataObject[] {
	if (Array.isArray(response)) return response as IDataObject[];
	const wrapper = response as IDataObject | undefined;
	const data = wrapper?.data ?? (legacyKey !== undefined ? wrapper?.[legacyKey] : undefined);
	return Array.isArray(data) ? (data as IDataObject[]) : [];
}

/** Unwraps single-record answers that come as the record itself or as `{data: {...}}`. */
export function unwrapRecord(response: IDataObject): IDataObject {
	const data = response.data;
	return typeof data === 'object' && data !== null && !Array.isArray(data)
		? (data as IDataObject)
		: response;
}
