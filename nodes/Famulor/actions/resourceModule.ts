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
 * A resource's Operation dropdown (sorted by name) followed by every operation's fields (in the
 * entries' order). Node versions that offer more operations of a resource build it from a larger set
 * of the same entries.
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
