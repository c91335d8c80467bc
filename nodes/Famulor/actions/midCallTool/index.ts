import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	create: {
		module: create,
		name: 'Create',
		action: 'Create a tool for live calls',
		description:
			'Create an HTTP endpoint the assistant can call during a call (e.g. an n8n webhook); plans limit how many exist',
	},
	get: {
		module: get,
		name: 'Get',
		action: 'Get a tool for live calls',
		description: 'Read one mid-call tool with its endpoint, headers and parameters',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many tools for live calls',
		description: 'List the mid-call tools of the account',
	},
	update: {
		module: update,
		name: 'Update',
		action: 'Update a tool for live calls',
		description:
			'Change a mid-call tool; only the fields given change, headers and parameters replace the stored lists',
	},
	delete: {
		module: del,
		name: 'Delete',
		action: 'Delete a tool for live calls',
		description: 'Delete a mid-call tool; it is removed from every assistant',
	},
} satisfies Record<string, OperationEntry>;

export const midCallTool = {
	v2: buildResource('midCallTool', 'getAll', {
		create: entries.create,
		get: entries.get,
		getAll: entries.getAll,
		update: entries.update,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
