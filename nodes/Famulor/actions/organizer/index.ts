import { buildResource, type VersionedResource } from '../resourceModule';
import type { ResourceModule } from '../types';
import { FOLDER, LABEL, type OrganizerKind } from './kinds';
import { createOperation, deleteOperation, getAllOperation, updateOperation } from './operations';

/** Folders and labels are one kind of record: the same four operations, built per kind. */
function organizerResource(kind: OrganizerKind, what: string): ResourceModule {
	return buildResource(kind.resource, 'getAll', {
		create: {
			module: createOperation(kind),
			name: 'Create',
			action: `Create a ${kind.noun}`,
			description: `Create a ${kind.noun} ${what}; names are unique in the account`,
		},
		delete: {
			module: deleteOperation(kind),
			name: 'Delete',
			action: `Delete a ${kind.noun}`,
			description: `Delete a ${kind.noun}; no assistant is deleted`,
		},
		getAll: {
			module: getAllOperation(kind),
			name: 'Get Many',
			action: `Get many ${kind.noun}s`,
			description: `List the ${kind.noun}s of the account with how many assistants each has`,
		},
		update: {
			module: updateOperation(kind),
			name: 'Update',
			action: `Update a ${kind.noun}`,
			description: `Rename a ${kind.noun} or change or clear its colour`,
		},
	});
}

export const folder = {
	v2: organizerResource(FOLDER, 'to group assistants (an assistant is in at most one folder)'),
} satisfies VersionedResource;
export const label = {
	v2: organizerResource(LABEL, 'to tag assistants (an assistant can have many labels)'),
} satisfies VersionedResource;
