import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { asNodeError, forgetSucceededRun, isRememberedFailure } from '../../shared/transport';
import type { ParallelRequestsReader } from './concurrency';
import type { ResourceMap } from './resources';
import { withSucceededItems, type SucceededItem } from './runSummary';
import type { OperationModule, OperationResult } from './types';

/** The error as a failed item carries it under Continue On Fail: message, status, code and field errors. */
function errorToJson(error: unknown): IDataObject {
	const failure = error as {
		message?: string;
		description?: string | null;
		httpCode?: string | null;
		context?: IDataObject;
	};
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

function findOperation(
	this: IExecuteFunctions,
	resources: ResourceMap,
	resource: string,
	operation: string,
): OperationModule {
	const found = resources[resource]?.operations[operation];
	if (!found) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported by this version of the node`,
		);
	}
	return found;
}

/**
 * The only item loop of the node, in two phases. First every item's parameters are read and checked
 * (`prepare`), so an invalid item stops the run before anything is sent, or, with Continue On Fail,
 * becomes an error item while the valid ones run. Then the valid items are sent, up to "Parallel
 * Requests" at once; the output keeps the input order and pairs every output with its input item.
 * Without Continue On Fail, the first failure stops new items from starting, the items under way
 * finish, and the error of the earliest failed item is thrown, naming what other items already did.
 * An item that fails only because its request went through or ended outcome unknown in an earlier
 * try (Retry On Fail, or the execution this one retries) does not stop the others: nothing was sent
 * for it now, and the items never sent are what the retry is for.
 */
export async function router(
	this: IExecuteFunctions,
	resources: ResourceMap,
	readParallel: ParallelRequestsReader,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = findOperation.call(
		this,
		resources,
		resource,
		this.getNodeParameter('operation', 0) as string,
	);
	const continueOnFail = this.continueOnFail();

	const outputs: INodeExecutionData[][] = new Array(items.length);
	const errorItem = (error: unknown, itemIndex: number): INodeExecutionData[] => [
		{ json: errorToJson(error), pairedItem: { item: itemIndex } },
	];

	const plans = new Map<number, unknown>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			plans.set(itemIndex, await operation.prepare.call(this, itemIndex));
		} catch (error) {
			if (!continueOnFail) throw asNodeError(this.getNode(), error, itemIndex);
			outputs[itemIndex] = errorItem(error, itemIndex);
		}
	}

	const succeeded: SucceededItem[] = [];
	const failures = new Map<number, unknown>();
	const rememberedFailures = new Map<number, unknown>();
	const queue = [...plans.keys()];
	const worker = async () => {
		while (failures.size === 0) {
			const itemIndex = queue.shift();
			if (itemIndex === undefined) return;
			let result: OperationResult;
			try {
				result = await operation.execute.call(this, plans.get(itemIndex), itemIndex);
			} catch (error) {
				if (continueOnFail) outputs[itemIndex] = errorItem(error, itemIndex);
				else (isRememberedFailure(error) ? rememberedFailures : failures).set(itemIndex, error);
				continue;
			}
			succeeded.push({ itemIndex, result });
			outputs[itemIndex] = this.helpers.constructExecutionMetaData(
				this.helpers.returnJsonArray(result),
				{
					itemData: { item: itemIndex },
				},
			);
		}
	};
	const parallel = Math.max(1, Math.min(readParallel.call(this, operation), queue.length));
	await Promise.all(Array.from({ length: parallel }, worker));

	for (const [itemIndex, error] of rememberedFailures) failures.set(itemIndex, error);
	if (failures.size > 0) {
		const earliest = Math.min(...failures.keys());
		const error = asNodeError(this.getNode(), failures.get(earliest), earliest);
		throw operation.effect
			? withSucceededItems(this.getNode(), error, operation.effect, succeeded, queue.length)
			: error;
	}
	forgetSucceededRun(this);
	return [outputs.flat()];
}
