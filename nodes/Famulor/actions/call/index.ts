import * as deleteCall from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as make from './make.operation';
import * as makeV2 from './make.v2.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource in either version, as the Operation dropdown shows it. */
const entries = {
	make: {
		module: make,
		name: 'Make',
		action: 'Make a billed call',
		description:
			'Start an outbound phone call from an assistant to a customer number (billed; returns the call ID with status "initiated")',
	},
	get: {
		module: get,
		name: 'Get',
		action: 'Get a call',
		description:
			'Get one call with its transcript, evaluation (post-call values), costs and recording URL',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many calls',
		description:
			'List calls, newest first, filtered by status, type, assistant, campaign, customer number or dates; use Limit or Return All',
	},
	delete: {
		module: deleteCall,
		name: 'Delete',
		action: 'Delete a call',
		description: 'Permanently delete a call with its transcript and recording; cannot be undone',
	},
} satisfies Record<string, OperationEntry>;

export const call = {
	v1: buildResource('call', 'make', { make: entries.make }),
	/** Make picks from the outbound assistants only; Get, Get Many and Delete are new. */
	v2: buildResource('call', 'make', {
		make: { ...entries.make, module: makeV2 },
		get: entries.get,
		getAll: entries.getAll,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
