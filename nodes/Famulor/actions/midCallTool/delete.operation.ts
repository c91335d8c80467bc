import { updateDisplayOptions, type IExecuteFunctions } from 'n8n-workflow';

import { midCallToolLocator } from '../../../shared/pickerLocators';
import { readLocatorId } from '../common';
import { deleteAt } from '../records';
import type { OperationEffect } from '../types';

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

export const execute = deleteAt('/api/user/tools');
