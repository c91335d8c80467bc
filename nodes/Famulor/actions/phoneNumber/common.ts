import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkRange } from '../../validation';

/**
 * Return All / Limit for lists the service sends whole in one response (phone numbers, documents);
 * the limit is applied here. The operation's `updateDisplayOptions` adds resource and operation.
 */
export function returnAllProperties(noun: string): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			displayOptions: { show: { returnAll: [false] } },
			description: `Max number of ${noun} to return`,
		},
	];
}

/** Cuts a whole list down to the Limit unless Return All is on. */
export function applyLimit(this: IExecuteFunctions, itemIndex: number, records: IDataObject[]): IDataObject[] {
	if (this.getNodeParameter('returnAll', itemIndex, false) as boolean) return records;
	const limit = this.getNodeParameter('limit', itemIndex, 50) as number;
	checkRange.call(this, itemIndex, { label: 'Limit', field: 'limit' }, limit, 1, Number.MAX_SAFE_INTEGER, true);
	return records.slice(0, limit);
}
