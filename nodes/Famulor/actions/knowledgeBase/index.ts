import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';
import * as updateV2 from './update.v2.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource in either version, as the Operation dropdown shows it. */
const entries = {
	get: {
		module: get,
		name: 'Get',
		action: 'Get a knowledge base',
		description:
			'Read one knowledge base: name, description, status (empty, processing, active, failed) and how many documents and assistants use it',
	},
	update: {
		module: update,
		name: 'Update',
		action: 'Update a knowledge base',
		description:
			'Change the name and/or description of a knowledge base (max 255 characters each); its documents stay as they are',
	},
	create: {
		module: create,
		name: 'Create',
		action: 'Create a knowledge base',
		description:
			'Create an empty knowledge base (name, optional description); add documents with Document → Create, attach it to an assistant with Assistant → Update',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many knowledge bases',
		description:
			'List the knowledge bases of the account with status and document and assistant counts, one item per knowledge base',
	},
	delete: {
		module: deleteOperation,
		name: 'Delete',
		action: 'Delete a knowledge base',
		description:
			'Permanently delete a knowledge base and all its documents; assistants using it keep working without it',
	},
} satisfies Record<string, OperationEntry>;

export const knowledgeBase = {
	v1: buildResource('knowledgeBase', 'get', { get: entries.get, update: entries.update }),
	v2: buildResource('knowledgeBase', 'get', {
		get: entries.get,
		update: { ...entries.update, module: updateV2 },
		create: entries.create,
		getAll: entries.getAll,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
