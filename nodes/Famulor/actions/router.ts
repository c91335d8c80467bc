import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { readParallelRequests } from './concurrency';
import { resources } from './resources';
import type { OperationModule } from './types';

/** The error as a failed item carries it under Continue On Fail: message, status, code and field errors. */
function errorToJson(error: unknown): IDataObject {
	const failure = error as { message?: string; description?: string | null; httpCode?: string | null; context?: IDataObject };
	const context = failure.context ?? {};
	const httpCode = context.httpCode ?? (failure.httpCode ? Number(failure.httpCode) : null);
	return {
		error: failure.message ?? String(error),
		description: failure.description ?? null,
		httpCode: httpCode ?? null,
		errorCode: context.errorCode ?? null,
		fieldErrors: context.fieldErrors ?? {},
	};
}

/** Errors of the transport and validation already carry the item; anything else is wrapped with it. */
function asNodeError(this: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}

function findOperation(this: IExecuteFunctions, resource: string, operation: string): OperationModule {
	const found = resources[resource]?.operations[operation];
	if (!found) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of resource "${resource}" is not supported`);
	}
	return found;
}

/**
 * The only item loop of the node: runs the chosen operation once per input item, pairs every
 * output with its input item, and turns failures into error items when Continue On Fail is on.
 * With "Parallel Requests" above 1, up to that many items run at once; the output keeps the input
 * order. Without Continue On Fail, the first failure stops new items from starting, the items
 * already under way finish (their requests may have taken effect), and the error of the earliest
 * failed item is thrown.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const { execute } = findOperation.call(this, resource, operation);

	const runItem = async (itemIndex: number): Promise<INodeExecutionData[]> => {
		try {
			const result = await execute.call(this, itemIndex);
			return this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(result), {
				itemData: { item: itemIndex },
			});
		} catch (error) {
			if (this.continueOnFail()) {
				return [{ json: errorToJson(error), pairedItem: { item: itemIndex } }];
			}
			throw asNodeError.call(this, error, itemIndex);
		}
	};

	const outputs: INodeExecutionData[][] = new Array(items.length);
	const failures = new Map<number, unknown>();
	const parallel = Math.max(1, Math.min(readParallelRequests.call(this), items.length));
	let next = 0;
	const worker = async () => {
		while (next < items.length && failures.size === 0) {
			const itemIndex = next++;
			try {
				outputs[itemIndex] = await runItem(itemIndex);
			} catch (error) {
				failures.set(itemIndex, error);
			}
		}
	};
	await Promise.all(Array.from({ length: parallel }, worker));
	if (failures.size > 0) {
		const earliest = Math.min(...failures.keys());
		throw asNodeError.call(this, failures.get(earliest), earliest);
	}
	return [outputs.flat()];
}
