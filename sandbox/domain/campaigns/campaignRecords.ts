/** Campaigns and leads in the shapes the service returns (API records and the post-call webhook's `lead` and `campaign`). */
import type { Campaign, Lead } from '../../model/campaigns';
import { secondaryContacts } from './leads';
import { iso6, sqlDate } from '../formats';
import type { State } from '../../model/store';

/**
 * A campaign as create returns it (times "H:i:s"); the list shows times as "H:i", as its example does.
 * retry_interval is in minutes in both: the list page's "seconds" contradicts create's range of 10–4320 minutes.
 */
export function campaignRecord(c: Campaign, timeFormat: 'H:i' | 'H:i:s'): Record<string, unknown> {
	const time = (t: string): string => (timeFormat === 'H:i' ? t : `${t}:00`);
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
		created_at: iso6(c.created_at),
		updated_at: iso6(c.updated_at),
	};
}

export function campaignWebhookRecord(c: Campaign): Record<string, unknown> {
	const record = campaignRecord(c, 'H:i:s');
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

/** The webhook's `lead`: its status as the call's end left it, timestamps in ISO. */
export function leadWebhookRecord(lead: Lead): Record<string, unknown> {
	return {
		...contactRecord(lead),
		created_at: iso6(lead.created_at),
		updated_at: iso6(lead.updated_at),
	};
}
