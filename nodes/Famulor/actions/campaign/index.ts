import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as getAll from './getAll.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';
import { buildResource, type OperationEntry, type VersionedResource } from '../resourceModule';

/** Every operation of the resource, as the Operation dropdown shows it. */
const entries = {
	create: {
		module: create,
		name: 'Create',
		action: 'Create a campaign',
		description:
			'Create a draft outbound campaign for an outbound assistant (allowed days and hours, retries, parallel calls, numbers); it calls nobody until started',
	},
	getAll: {
		module: getAll,
		name: 'Get Many',
		action: 'Get many campaigns',
		description:
			'List the campaigns of the account with status and settings, one item per campaign',
	},
	start: {
		module: start,
		name: 'Start',
		action: 'Start a campaign of billed calls',
		description:
			"Start calling the campaign's leads. Costs money: every call is billed. Only use when the user explicitly asked to start this campaign.",
	},
	stop: {
		module: stop,
		name: 'Stop',
		action: 'Stop a campaign',
		description: 'Stop a running campaign; calls in progress are aborted and no new calls are made',
	},
	delete: {
		module: deleteOperation,
		name: 'Delete',
		action: 'Delete a campaign',
		description:
			'Permanently delete a campaign and all its leads (a running campaign is stopped first)',
	},
} satisfies Record<string, OperationEntry>;

export const campaign = {
	v2: buildResource('campaign', 'getAll', {
		create: entries.create,
		getAll: entries.getAll,
		start: entries.start,
		stop: entries.stop,
		delete: entries.delete,
	}),
} satisfies VersionedResource;
