/**
 * Version 2's Options → Parallel Requests is read from the collection the form shows it in; without it,
 * the automatic value applies (1 with an effect, the burst for the rest).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	DEFAULT_PARALLEL_REQUESTS,
	readParallelRequestsV2,
	runOptionsProperty,
} from '../../nodes/Famulor/actions/concurrency';
import type { OperationModule } from '../../nodes/Famulor/actions/types';

function contextWith(parameters: Record<string, unknown>): IExecuteFunctions {
	return {
		getNodeParameter: (name: string, _item: number, fallback: unknown) =>
			name in parameters ? parameters[name] : fallback,
	} as unknown as IExecuteFunctions;
}

const read = { effect: undefined } as unknown as OperationModule;
const billed = { effect: 'billed' } as unknown as OperationModule;
const optionsName = runOptionsProperty({}).name;

describe('readParallelRequestsV2', () => {
	it.each([
		['a read without the option', read, {}, DEFAULT_PARALLEL_REQUESTS],
		['a billed operation without the option', billed, {}, 1],
		['a read set to 3', read, { parallelRequests: 3 }, 3],
		['a billed operation raised to 5', billed, { parallelRequests: 5 }, 5],
		['a value above the maximum', read, { parallelRequests: 99 }, DEFAULT_PARALLEL_REQUESTS],
	])('%s', (_case, operation, options, expected) => {
		const context = contextWith({ [optionsName]: options });
		expect(readParallelRequestsV2.call(context, operation)).toBe(expected);
	});
});
