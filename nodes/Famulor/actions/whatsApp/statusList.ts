import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkOneOf } from '../../validation';
import { readListLimit, returnAllProperties } from '../common';

/**
 * The senders and templates lists both filter by one status the service names (`online`, `approved`;
 * the default) or `all`, and are not paginated, so Limit slices the answer.
 */
export interface DefaultStatus<S extends string> {
	value: S;
	name: string;
	/** What the default status lists. */
	description: string;
	/** What `all` adds. */
	allDescription: string;
}

export interface StatusListPlan<S extends string> {
	status: S | 'all';
	limit: number;
}

/**
 * The Status dropdown (the default status, then All) followed by Return All / Limit, and how an item's
 * values are read: the checked Status, then the Limit.
 */
export function statusList<S extends string>({
	value,
	name,
	description,
	allDescription,
}: DefaultStatus<S>) {
	const statuses: ReadonlyArray<S | 'all'> = [value, 'all'];
	const properties: INodeProperties[] = [
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			default: value,
			options: [
				{ name, value, description },
				{ name: 'All', value: 'all', description: allDescription },
			],
		},
		...returnAllProperties(),
	];
	function read(this: IExecuteFunctions, itemIndex: number): StatusListPlan<S> {
		return {
			status: checkOneOf.call(
				this,
				itemIndex,
				{ label: 'Status', field: 'status' },
				this.getNodeParameter('status', itemIndex, value),
				statuses,
			) as S | 'all', // .call drops checkOneOf's type parameter
			limit: readListLimit.call(this, itemIndex),
		};
	}
	return { properties, read };
}
