import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** What one operation returns for one input item: a record, or the records of a list. */
export type OperationResult = IDataObject | IDataObject[];

/**
 * What a request of the operation does each time it is sent: a `billed` one costs money (a call, a
 * message, a purchase), an `irreversible` one destroys something (a delete, a release), a `creates`
 * one adds a new record (an assistant, a document). The router names the items that already took
 * effect when a later item stops the run, and runs them one at a time unless the user asks for more.
 */
export interface OperationEffect {
	kind: 'billed' | 'irreversible' | 'creates';
	/** What one success is called in messages, e.g. "call". */
	noun: string;
	/** Fields of the answer that identify what was done, first found wins, e.g. `['call_id']`. */
	idFields: string[];
}

/**
 * One file per operation exports this. The router runs `prepare` for every item before the first
 * `execute`, so an invalid item stops the run (or becomes an error item) before anything is sent.
 */
export interface OperationModule<Plan = unknown> {
	description: INodeProperties[];
	/** Reads and checks the item's parameters against every local rule; sends nothing. */
	prepare(this: IExecuteFunctions, itemIndex: number): Plan | Promise<Plan>;
	/** Sends what `prepare` planned; an array becomes one output item per record. */
	execute(this: IExecuteFunctions, plan: Plan, itemIndex: number): Promise<OperationResult>;
	effect?: OperationEffect;
}

export interface ResourceModule {
	/** The resource's Operation dropdown followed by every operation's fields. */
	description: INodeProperties[];
	operations: Record<string, OperationModule>;
}
