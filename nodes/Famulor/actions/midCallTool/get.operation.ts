import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { midCallToolLocator } from '../../../shared/pickerLocators';
import { famulorApiRequest, unwrapRecord } from '../../../shared/transport';
import { readLocatorId } from '../common';
import type { OperationResult } from '../types';

export const description = updateDisplayOptions(
	{ show: { resource: ['midCallTool'], operation: ['get'] } },
	[midCallToolLocator('toolId', 'The mid-call tool to read')],
);

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'toolId', { label: 'Mid-Call Tool', field: 'id' });
}

/** The docs show the bare record; a `data` wrapper is read too. */
export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	return unwrapRecord(
		await famulorApiRequest.call(this, { method: 'GET', path: `/api/user/tools/${id}`, itemIndex }),
	);
}
