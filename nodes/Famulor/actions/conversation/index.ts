import * as disableAi from './disableAi.operation';
import * as enableAi from './enableAi.operation';
import * as getAll from './getAll.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource in either version, as the Operation dropdown shows it. */
const entries = {
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many conversations',
		description:
			'List chat conversations (test, widget, WhatsApp, API), optionally filtered by type, assistant, customer phone, WhatsApp sender phone or external identifier; use Limit or Return All',
	},
	disableAi: {
		module: disableAi,
		name: 'Disable AI',
		action: 'Disable AI in a conversation',
		description:
			'Human handover: the AI stops replying in this conversation; new messages are still stored. Needs the conversation UUID.',
	},
	enableAi: {
		module: enableAi,
		name: 'Enable AI',
		action: 'Enable AI in a conversation',
		description: 'Hand the conversation back: the AI replies again to new messages',
	},
} satisfies Record<string, OperationEntry>;

export const conversation = {
	v1: buildResource('conversation', 'getAll', { getAll: entries.getAll }),
	/** Version 2 adds the human handover: AI off and on per conversation. */
	v2: buildResource('conversation', 'getAll', {
		getAll: entries.getAll,
		disableAi: entries.disableAi,
		enableAi: entries.enableAi,
	}),
} satisfies VersionedResource;
