import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationModule, OperationResult } from './types';

/**
 * What a node version changes in an operation, as one record: what it reads (its form and how a
 * parameter is read), what it outputs from the service's answer, and where it sends. Each operation
 * whose versions differ names the parts it has (`Pick<Variant, …>`) and exposes `variant`, made by
 * `variantHook` from version 1's record: version 1 is `variant()`, and `<op>.v2.operation.ts` is
 * `variant(version2)` and nothing else (test/structure/layout.test.ts). Nothing asks the version at
 * run time: each version's entry picks its module once.
 */
export interface Variant<Reads = unknown, Plan = IDataObject> {
	reads: Reads;
	outputs: VariantOutput<Plan>;
	sendsTo: string;
}

/** Turns the answer to the operation's request into the item's output; `plan` is what was sent. */
export type VariantOutput<Plan> = (
	this: IExecuteFunctions,
	answer: IDataObject,
	plan: Plan,
	itemIndex: number,
) => OperationResult | Promise<OperationResult>;

/** An operation's one entry for its versions: version 1's record with `changes` in its place. */
export type VariantHook<Record, Plan> = (changes?: Partial<Record>) => OperationModule<Plan>;

/** The hook of an operation: `build` makes the operation from a whole record. */
export function variantHook<Record extends object, Plan>(
	version1: Record,
	build: (variant: Record) => OperationModule<Plan>,
): VariantHook<Record, Plan> {
	return (changes = {}) => build({ ...version1, ...changes });
}
