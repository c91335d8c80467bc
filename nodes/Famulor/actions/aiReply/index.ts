import * as generate from './generate.operation';
import * as generateV2 from './generate.v2.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource in either version, as the Operation dropdown shows it. */
const entries = {
	generate: {
		module: generate,
		name: 'Generate',
		action: 'Generate a billed AI reply',
		description:
			"Get an assistant's reply to a customer's chat message. Context is kept per customer identifier, so pass the same identifier for the same customer. Limited to 5 requests per minute; returns the reply text and any function calls.",
	},
} satisfies Record<string, OperationEntry>;

export const aiReply = {
	v1: buildResource('aiReply', 'generate', { generate: entries.generate }),
	v2: buildResource('aiReply', 'generate', {
		generate: { ...entries.generate, module: generateV2 },
	}),
} satisfies VersionedResource;
