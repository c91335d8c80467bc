import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { recordWithMessage } from '../records';
import type { OperationResult } from '../types';
import * as purchaseV1 from './purchase.operation';

/**
 * Version 2 of Phone Number → Purchase outputs the number's record with the service's message beside
 * it; the form, the plan and the one request are version 1's.
 */
export async function execute(
	this: IExecuteFunctions,
	body: IDataObject,
	itemIndex: number,
): Promise<OperationResult> {
	return recordWithMessage(await purchaseV1.execute.call(this, body, itemIndex));
}

export { description, effect, prepare } from './purchase.operation';
