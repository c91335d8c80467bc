import * as getAll from './getAll.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many languages',
		description:
			'List the languages an assistant can speak; use the name as the assistant language',
	},
} satisfies Record<string, OperationEntry>;

export const language = {
	v1: buildResource('language', 'getAll', { getAll: entries.getAll }),
	v2: buildResource('language', 'getAll', { getAll: entries.getAll }),
} satisfies VersionedResource;
