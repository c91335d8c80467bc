/** The leads of a campaign and the secondary contacts of a lead, in id order. */
import type { Lead } from '../../model/campaigns';
import type { State } from '../../model/store';

export function leadsOf(state: State, campaignId: number): Lead[] {
	return [...state.leads.values()]
		.filter((lead) => lead.campaign_id === campaignId)
		.sort((x, y) => x.id - y.id);
}

export function secondaryContacts(state: State, lead: Lead): Lead[] {
	return [...state.leads.values()]
		.filter((other) => other.primary_id === lead.id)
		.sort((x, y) => x.id - y.id);
}
