import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { midCallToolLocator } from '../../../shared/pickerLocators';
import { famulorApiRequest } from '../../../shared/transport';
import { deletedOutput, readLocatorId } from '../common';
import type { OperationEffect, OperationResult } from '../types';

export const description = updateDisplayOptions(
	{ show: { resource: ['midCallTool'], operation: ['delete'] } },
	[midCallToolLocator('toolId', 'The mid-call tool to delete; it is removed from every assistant')],
);

export const effect: OperationEffect = {
	kind: 'irreversible',
	noun: 'mid-call tool',
	idFields: ['id'],
};

export function prepare(this: IExecuteFunctions, itemIndex: number): number {
	return readLocatorId.call(this, itemIndex, 'toolId', { label: 'Mid-Call Tool', field: 'id' });
}

export async function execute(
	this: IExecuteFunctions,
	id: number,
	itemIndex: number,
): Promise<OperationResult> {
	const answer = await famulorApiRequest.call(this, {
		method: 'DELETE',
		path: `/api/user/tools/${id}`,
		safeToRepeat: false,
		itemIndex,
	});
	return deletedOutput({ id }, answer);
}
