import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { famulorApiRequest, unwrapList } from '../../../shared/transport';
import type { OperationResult } from '../types';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['language'], operation: ['getAll'] } },
	properties,
);

/** The service returns every language in one bare array; each becomes one item. */
/** Nothing to check: the list has no parameters. */
export function prepare(): undefined {
	return undefined;
}

export async function execute(
	this: IExecuteFunctions,
	_plan: undefined,
	itemIndex: number,
): Promise<OperationResult> {
	const response = await famulorApiRequest.call(this, {
		method: 'GET',
		path: '/api/user/assistants/languages',
		itemIndex,
	});
	return unwrapList(response);
}
