import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** What one operation returns for one input item: a record, or the records of a list. */
export type OperationResult = IDataObject | IDataObject[];

export type OperationExecute = (this: IExecuteFunctions, itemIndex: number) => Promise<OperationResult>;

/** One file per operation exports this pair. */
export interface OperationModule {
	description: INodeProperties[];
	execute: OperationExecute;
}

export interface ResourceModule {
	/** The resource's Operation dropdown followed by every operation's fields. */
	description: INodeProperties[];
	operations: Record<string, OperationModule>;
}
