import * as getAll from './getAll.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many voices',
		description:
			'List the voices an assistant can use (public and your own), optionally for one engine mode and language; the ID goes to Voice',
	},
} satisfies Record<string, OperationEntry>;

export const voice = {
	v2: buildResource('voice', 'getAll', { getAll: entries.getAll }),
} satisfies VersionedResource;
