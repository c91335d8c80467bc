import type { INodeProperties } from 'n8n-workflow';

import type { ResourceModule } from '../types';
import { FOLDER, LABEL, type OrganizerKind } from './kinds';
import { createOperation, deleteOperation, getAllOperation, updateOperation } from './operations';

function organizerResource(kind: OrganizerKind, what: string): ResourceModule {
	const operations = {
		create: createOperation(kind),
		delete: deleteOperation(kind),
		getAll: getAllOperation(kind),
		update: updateOperation(kind),
	};
	const operationProperty: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [kind.resource] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: `Create a ${kind.noun}`,
				description: `Create a ${kind.noun} ${what}; names are unique in the account`,
			},
			{
				name: 'Delete',
				value: 'delete',
				action: `Delete a ${kind.noun}`,
				description: `Delete a ${kind.noun}; no assistant is deleted`,
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: `Get many ${kind.noun}s`,
				description: `List the ${kind.noun}s of the account with how many assistants each has`,
			},
			{
				name: 'Update',
				value: 'update',
				action: `Update a ${kind.noun}`,
				description: `Rename a ${kind.noun} or change or clear its colour`,
			},
		],
		default: 'getAll',
	};
	return {
		description: [
			operationProperty,
			...Object.values(operations).flatMap((operation) => operation.description),
		],
		operations,
	};
}

export const folder = organizerResource(
	FOLDER,
	'to group assistants (an assistant is in at most one folder)',
);
export const label = organizerResource(
	LABEL,
	'to tag assistants (an assistant can have many labels)',
);
