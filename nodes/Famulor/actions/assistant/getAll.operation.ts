import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { requestPageNumberList } from '../../../shared/transport';
import { readListLimit, returnAllProperties } from '../common';
import type { OperationResult } from '../types';

export const description = updateDisplayOptions(
	{ show: { resource: ['assistant'], operation: ['getAll'] } },
	returnAllProperties(),
);

/** Page-number list; one item per assistant. */
export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readListLimit.call(this, itemIndex);
}

export async function execute(
	this: IExecuteFunctions,
	limit: number,
	itemIndex: number,
): Promise<OperationResult> {
	return await requestPageNumberList.call(this, {
		path: '/api/user/assistants/get',
		limit,
		itemIndex,
	});
}
