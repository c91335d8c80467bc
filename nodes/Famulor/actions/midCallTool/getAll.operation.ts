import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

export const description = updateDisplayOptions(
	{ show: { resource: ['midCallTool'], operation: ['getAll'] } },
	returnAllProperties('mid-call tools'),
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readListLimit.call(this, itemIndex);
}

/** The whole list comes at once (a bare array in the docs' example), so the limit is applied here. */
export async function execute(
	this: IExecuteFunctions,
	limit: number,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapList(
		await famulorApiRequest.call(this, { method: 'GET', path: '/api/user/tools', itemIndex }),
	).slice(0, limit);
}
