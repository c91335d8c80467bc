import * as send from './send.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	send: {
		module: send,
		name: 'Send',
		action: 'Send a billed SMS',
		description:
			'Send an SMS (max 300 characters, billed per segment) from an SMS-capable number of the account to an E.164 number',
	},
} satisfies Record<string, OperationEntry>;

export const sms = {
	v2: buildResource('sms', 'send', { send: entries.send }),
} satisfies VersionedResource;
