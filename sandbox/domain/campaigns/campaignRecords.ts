/** Campaigns and leads in the shapes the service returns (API records and the post-call webhook's `lead` and `campaign`). */
import type { Campaign, Lead } from '../../model/campaigns';
import { secondaryContacts } from './leads';
import { iso6, isoZ, sqlDate } from '../formats';
import type { State } from '../../model/store';

/**
 * Times and dates as each page's example writes them: create "09:00:00" and "…00.000000Z"
 * (https://docs.famulor.de/en/api-reference/campaigns/create), the list "09:00" and "…00Z"
 * (https://docs.famulor.de/en/api-reference/campaigns/list), the post-call webhook "09:00:00" and "…00Z"
 * (https://docs.famulor.de/en/api-reference/webhooks/post-call).
 */
const CAMPAIGN_FORMATS = {
	create: { withSeconds: true, date: iso6 },
	list: { withSeconds: false, date: isoZ },
	webhook: { withSeconds: true, date: isoZ },
} as const;

/**
 * A campaign as the page `shown` shows it. retry_interval is in minutes everywhere: the list page's
 * "seconds" contradicts create's range of 10–4320 minutes.
 */
export function campaignRecord(
	c: Campaign,
	shown: keyof typeof CAMPAIGN_FORMATS,
): Record<string, unknown> {
	const { withSeconds, date } = CAMPAIGN_FORMATS[shown];
	const time = (t: string): string => (withSeconds ? `${t}:00` : t);
	return {
		id: c.id,
		name: c.name,
		status: c.status,
		max_calls_in_parallel: c.max_calls_in_parallel,
		mark_complete_when_no_leads: c.mark_complete_when_no_leads,
		allowed_hours_start_time: time(c.allowed_hours_start_time),
		allowed_hours_end_time: time(c.allowed_hours_end_time),
		allowed_days: [...c.allowed_days],
		max_retries: c.max_retries,
		retry_interval: c.retry_interval,
		created_at: date(c.created_at),
		updated_at: date(c.updated_at),
	};
}

export function campaignWebhookRecord(c: Campaign): Record<string, unknown> {
	const record = campaignRecord(c, 'webhook');
	delete record.mark_complete_when_no_leads;
	return record;
}

function contactRecord(lead: Lead): Record<string, unknown> {
	return {
		id: lead.id,
		phone_number: lead.phone_number,
		variables: { ...lead.variables },
		status: lead.status,
		created_at: sqlDate(lead.created_at),
		updated_at: sqlDate(lead.updated_at),
	};
}

export function leadRecord(s: State, lead: Lead): Record<string, unknown> {
	const campaign = s.campaigns.get(lead.campaign_id);
	const { id, phone_number, variables, status, created_at, updated_at } = contactRecord(lead);
	return {
		id,
		campaign_id: lead.campaign_id,
		phone_number,
		variables,
		status,
		created_at,
		updated_at,
		campaign: campaign ? { id: campaign.id, name: campaign.name } : null,
		secondary_contacts: secondaryContacts(s, lead).map(contactRecord),
	};
}

/** The webhook's `lead`: its status as the call's end left it, timestamps as the example's "…00Z". */
export function leadWebhookRecord(lead: Lead): Record<string, unknown> {
	return {
		...contactRecord(lead),
		created_at: isoZ(lead.created_at),
		updated_at: isoZ(lead.updated_at),
	};
}
