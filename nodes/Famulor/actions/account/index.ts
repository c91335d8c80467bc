import * as get from './get.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	get: {
		module: get,
		name: 'Get',
		action: 'Get the account',
		description:
			'Read the account of the API key: name, email and total_balance (e.g. to alert on a low balance before starting a campaign)',
	},
} satisfies Record<string, OperationEntry>;

export const account = {
	v2: buildResource('account', 'get', { get: entries.get }),
} satisfies VersionedResource;
