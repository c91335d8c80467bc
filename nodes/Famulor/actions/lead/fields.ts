import type { INodeProperties } from 'n8n-workflow';

/** Statuses of https://docs.famulor.de/en/api-reference/leads/list. */
export const LEAD_STATUSES = [
	'created',
	'scheduled',
	'processing',
	'completed',
	'rescheduled',
	'reached-max-retries',
	'blacklisted',
] as const;
/** The statuses an update may set (https://docs.famulor.de/en/api-reference/leads/update). */
export const SETTABLE_LEAD_STATUSES = ['created', 'completed', 'reached-max-retries'] as const;

const STATUS_NAMES: Record<(typeof LEAD_STATUSES)[number], string> = {
	created: 'Created (Waiting To Be Called)',
	scheduled: 'Scheduled',
	processing: 'Processing (Being Called)',
	completed: 'Completed',
	rescheduled: 'Rescheduled (Retry Pending)',
	'reached-max-retries': 'Reached Max Retries',
	blacklisted: 'Blacklisted',
};

export function statusOptions(statuses: readonly (typeof LEAD_STATUSES)[number][]) {
	return statuses.map((value) => ({ name: STATUS_NAMES[value], value }));
}

/** The Campaign dropdown of a lead's filter or update; `purpose` begins its description. */
export function campaignOption(purpose: string): INodeProperties {
	return {
		displayName: 'Campaign Name or ID',
		name: 'campaignId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCampaigns' },
		default: '',
		description: `${purpose}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}
