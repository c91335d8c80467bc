import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { ResourceModule } from '../../types';
import * as del from '../delete.operation';
import * as getAll from '../getAll.operation';
import * as getAllOutbound from '../getAllOutbound.operation';
import { operationProperty as operationPropertyV1 } from '../index';
import {
	webhookDescriptionsV2,
	webhookOperationOptionsV2,
	webhookOperationsV2,
} from '../webhookOperations';
import * as create from './create.operation';
import * as update from './update.operation';

/** Version 2's wording of the operations whose fields changed, and Delete; the rest as in version 1. */
const V2_OPTIONS: Record<string, INodePropertyOptions> = {
	create: {
		name: 'Create',
		value: 'create',
		action: 'Create an assistant',
		description:
			"Create a voice or chat AI assistant. Needs name, engine mode, type (inbound/outbound), language, voice, model, timezone, first message and system prompt, each picked from the service's lists; returns the new assistant.",
	},
	delete: {
		name: 'Delete',
		value: 'delete',
		action: 'Delete an assistant',
		description:
			'Delete an assistant permanently. Cannot be undone; only use when the user asked to delete this assistant.',
	},
	update: {
		name: 'Update',
		value: 'update',
		action: 'Update an assistant',
		description:
			'Change settings of an assistant; only the fields given change. Lists (labels, tools, languages) replace the stored ones; Fields to Clear removes settings.',
	},
};

const WEBHOOK_VALUES = new Set(webhookOperationOptionsV2.map((option) => option.value));

const operationProperty: INodeProperties = {
	...operationPropertyV1,
	options: [
		...((operationPropertyV1.options ?? []) as INodePropertyOptions[])
			.filter((option) => !WEBHOOK_VALUES.has(option.value))
			.map((option) => V2_OPTIONS[String(option.value)] ?? option),
		...webhookOperationOptionsV2,
		V2_OPTIONS.delete,
	].sort((a, b) => a.name.localeCompare(b.name)),
};

/**
 * The assistant resource of node version 2: current names for Create and Update, Delete, and the
 * webhook switches as pairs (Enable / Disable of each webhook); the other operations are version 1's.
 */
export const assistantV2: ResourceModule = {
	description: [
		operationProperty,
		...create.description,
		...update.description,
		...getAll.description,
		...getAllOutbound.description,
		...webhookDescriptionsV2,
		...del.description,
	],
	operations: { create, update, delete: del, getAll, getAllOutbound, ...webhookOperationsV2 },
};
