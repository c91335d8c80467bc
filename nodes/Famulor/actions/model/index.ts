import * as getAll from './getAll.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many models',
		description:
			"List the AI models of one type (LLM, multimodal or dualplex); the ID goes to the assistant's Model",
	},
} satisfies Record<string, OperationEntry>;

export const model = {
	v2: buildResource('model', 'getAll', { getAll: entries.getAll }),
} satisfies VersionedResource;
