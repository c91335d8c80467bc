import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	create: {
		module: create,
		name: 'Create',
		action: 'Create a lead',
		description:
			'Add a phone number (with variables and optional secondary contacts) to a campaign; a running campaign calls it, and calls cost money',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many leads',
		description:
			'List leads with their status and campaign, filtered by campaign, status, number or creation date; one item per lead',
	},
	update: {
		module: update,
		name: 'Update',
		action: 'Update a lead',
		description:
			"Change a lead's campaign, number or status (created, completed, reached-max-retries) and merge new variables into it",
	},
	delete: {
		module: deleteOperation,
		name: 'Delete',
		action: 'Delete a lead',
		description: 'Permanently delete a lead and its secondary contacts (e.g. on an opt-out)',
	},
} satisfies Record<string, OperationEntry>;

export const lead = {
	v2: buildResource('lead', 'getAll', {
		create: entries.create,
		getAll: entries.getAll,
		update: entries.update,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
