import type { INodeProperties } from 'n8n-workflow';

import type { OperationModule, ResourceModule } from './types';

/** One operation of a resource: its module and how the Operation dropdown shows it. */
export interface OperationEntry {
	module: OperationModule;
	name: string;
	action: string;
	description: string;
}

/**
 * A resource in each node version that offers it. Every resource index exports one, built with
 * `buildResource` per version from entries that list that version's operations explicitly; a
 * version-2 variant of an operation is a module of its own (`make.v2.operation.ts` beside
 * `make.operation.ts`), given to version 2's entry under the same operation value.
 */
export interface VersionedResource {
	v1?: ResourceModule;
	v2: ResourceModule;
}

/**
 * A resource's Operation dropdown (sorted by name) followed by every operation's fields (in the
 * entries' order).
 */
export function buildResource(
	resource: string,
	defaultOperation: string,
	entries: Record<string, OperationEntry>,
): ResourceModule {
	const values = Object.keys(entries);
	const byName = [...values].sort((a, b) => entries[a].name.localeCompare(entries[b].name));
	const operationProperty: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: byName.map((value) => ({
			name: entries[value].name,
			value,
			action: entries[value].action,
			description: entries[value].description,
		})),
		default: defaultOperation,
	};
	return {
		description: [
			operationProperty,
			...values.flatMap((value) => entries[value].module.description),
		],
		operations: Object.fromEntries(values.map((value) => [value, entries[value].module])),
	};
}
