import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	create: {
		module: create,
		name: 'Create',
		action: 'Create a SIP trunk',
		description:
			"Connect your own SIP carrier: a number (E.164) or extension with its SIP credentials and server; usable as an assistant's phone number",
	},
	get: {
		module: get,
		name: 'Get',
		action: 'Get a SIP trunk',
		description: 'Read one SIP trunk with its settings and trunk IDs (never the password)',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many SIP trunks',
		description: 'List the SIP trunks of the account, one item per trunk',
	},
	update: {
		module: update,
		name: 'Update',
		action: 'Update a SIP trunk',
		description:
			"Change a SIP trunk's number, nickname, credentials, server, calling format, inbound authorization or proxy",
	},
	delete: {
		module: deleteOperation,
		name: 'Delete',
		action: 'Delete a SIP trunk',
		description:
			'Permanently delete a SIP trunk; assistants and campaigns using it lose it, call history stays',
	},
} satisfies Record<string, OperationEntry>;

export const sipTrunk = {
	v2: buildResource('sipTrunk', 'getAll', {
		create: entries.create,
		get: entries.get,
		getAll: entries.getAll,
		update: entries.update,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
