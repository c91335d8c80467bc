/**
 * The campaign dialer. A started ('in-progress') campaign calls its
 * leads on the sandbox clock, up to max_calls_in_parallel at once and only within its allowed days
 * and hours (in its time zone). Each call is an ordinary sandbox call (domain/calls/callLifecycle.ts): it ends after
 * the call duration or through the controls and then sends its post-call webhook, with the lead and
 * the campaign in it. The end of a call sets the lead's status: completed, or rescheduled after
 * retry_interval minutes until max_retries retries are used up (reached-max-retries).
 */
import { endAfterCallDuration, endCall, startCall } from '../calls/callLifecycle';
import { campaignWebhookRecord, leadWebhookRecord } from './campaignRecords';
import type { Sandbox } from '../../model/sandbox';
import type { Call } from '../../model/calls';
import type { State } from '../../model/store';
import type { Campaign, Lead } from '../../model/campaigns';
import { leadsOf, secondaryContacts } from './leads';

const MINUTE = 60_000;

/** A lead the dialer may call now; a secondary contact only once its primary lead reached its retry limit. */
function isDue(state: State, lead: Lead, now: number): boolean {
	if (
		lead.primary_id !== null &&
		state.leads.get(lead.primary_id)?.status !== 'reached-max-retries'
	)
		return false;
	return (
		lead.status === 'created' || (lead.status === 'rescheduled' && (lead.retry_at ?? 0) <= now)
	);
}

/** A lead that is being called or may still be called (a secondary contact: while its primary lead may still need it). */
function isOpen(state: State, lead: Lead): boolean {
	if (lead.status === 'processing') return true;
	if (lead.status !== 'created' && lead.status !== 'rescheduled') return false;
	if (lead.primary_id === null) return true;
	const primary = state.leads.get(lead.primary_id);
	return (
		primary !== undefined && (primary.status === 'reached-max-retries' || isOpen(state, primary))
	);
}

export function hasOpenLeads(state: State, campaignId: number): boolean {
	return leadsOf(state, campaignId).some((lead) => isOpen(state, lead));
}

/** Whether `now` falls on an allowed day within the allowed hours, in the campaign's time zone. */
export function withinAllowedHours(campaign: Campaign, now: number): boolean {
	const parts = new Intl.DateTimeFormat('en-GB', {
		timeZone: campaign.timezone,
		weekday: 'long',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	}).formatToParts(new Date(now));
	const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
	const time = `${part('hour')}:${part('minute')}`;
	return (
		campaign.allowed_days.includes(part('weekday').toLowerCase()) &&
		time >= campaign.allowed_hours_start_time &&
		time <= campaign.allowed_hours_end_time
	);
}

function placeCall(sb: Sandbox, campaign: Campaign, lead: Lead): void {
	const assistant = sb.state.assistants.get(campaign.assistant_id);
	if (!assistant) return;
	const call = startCall(sb, assistant, {
		user_id: campaign.user_id,
		type: 'outbound',
		customer_phone: lead.phone_number,
		input_variables: { ...lead.variables },
		campaign: { id: campaign.id, name: campaign.name },
	});
	const rotated = campaign.phone_number_ids
		.map((id) => sb.state.phoneNumbers.get(id))
		.filter((phone) => phone !== undefined);
	if (rotated.length > 0)
		call.assistant_phone = rotated[campaign.rotation++ % rotated.length].phone_number;
	call.lead_id = lead.id;
	call.afterEnd = () => leadCallEnded(sb, lead.id, call);
	call.webhookContext = () => ({
		lead: leadWebhookRecord(lead),
		campaign: campaignWebhookRecord(campaign),
	});
	lead.status = 'processing';
	lead.attempts++;
	lead.call_id = call.id;
	lead.retry_at = null;
	lead.updated_at = sb.now();
	endAfterCallDuration(sb, call);
}

function goalMet(campaign: Campaign, call: Call): boolean {
	if (!campaign.goal_completion_variable || !campaign.retry_on_goal_incomplete) return true;
	return call.extracted_variables?.[campaign.goal_completion_variable] === true;
}

/** Sets the lead's status from the call's outcome, then lets the campaign call the next leads. */
function leadCallEnded(sb: Sandbox, leadId: number, call: Call): void {
	const lead = sb.state.leads.get(leadId);
	const campaign = lead ? sb.state.campaigns.get(lead.campaign_id) : undefined;
	if (!lead || !campaign || lead.call_id !== call.id) return;
	lead.call_id = null;
	lead.updated_at = sb.now();
	if (call.status === 'completed' && goalMet(campaign, call)) {
		lead.status = 'completed';
	} else if (lead.attempts - 1 >= campaign.max_retries) {
		lead.status = 'reached-max-retries';
	} else {
		lead.status = 'rescheduled';
		lead.retry_at = sb.now() + campaign.retry_interval * MINUTE;
	}
	dial(sb, campaign);
}

/**
 * The dialer: places calls for due leads while the campaign runs and has free lines, marks it
 * completed when no lead is left (if mark_complete_when_no_leads), and otherwise wakes itself for the
 * next allowed minute or the next retry.
 */
export function dial(sb: Sandbox, campaign: Campaign): void {
	campaign.wake?.();
	campaign.wake = undefined;
	if (campaign.status !== 'in-progress' || !sb.state.campaigns.has(campaign.id)) return;
	const now = sb.now();
	if (!hasOpenLeads(sb.state, campaign.id)) {
		if (campaign.mark_complete_when_no_leads) {
			campaign.status = 'completed';
			campaign.updated_at = now;
		}
		return;
	}
	if (!withinAllowedHours(campaign, now)) {
		campaign.wake = sb.schedule(MINUTE, () => dial(sb, campaign));
		return;
	}
	const leads = leadsOf(sb.state, campaign.id);
	let free =
		campaign.max_calls_in_parallel - leads.filter((lead) => lead.status === 'processing').length;
	for (const lead of leads) {
		if (free <= 0) break;
		if (!isDue(sb.state, lead, now)) continue;
		placeCall(sb, campaign, lead);
		free--;
	}
	const nextRetry = Math.min(
		...leads.filter((lead) => lead.status === 'rescheduled').map((lead) => lead.retry_at ?? now),
	);
	if (Number.isFinite(nextRetry))
		campaign.wake = sb.schedule(Math.max(nextRetry - now, MINUTE), () => dial(sb, campaign));
}

/** Ends the calls under way of these leads without a result: the leads go back to the queue, the attempt not counted. */
export async function abortCalls(sb: Sandbox, leads: Lead[]): Promise<void> {
	for (const lead of leads) {
		const call = lead.call_id !== null ? sb.state.calls.get(lead.call_id) : undefined;
		lead.call_id = null;
		if (lead.status === 'processing') {
			lead.status = 'created';
			lead.attempts = Math.max(0, lead.attempts - 1);
			lead.updated_at = sb.now();
		}
		if (call && call.status === 'initiated') {
			call.afterEnd = undefined;
			await endCall(sb, call, { status: 'failed' });
		}
	}
}

/** Stops a running campaign: no new calls, and the calls under way are aborted. */
export async function stopCampaign(sb: Sandbox, campaign: Campaign): Promise<void> {
	campaign.wake?.();
	campaign.wake = undefined;
	campaign.status = 'stopped';
	campaign.updated_at = sb.now();
	await abortCalls(sb, leadsOf(sb.state, campaign.id));
}

/** Deletes a lead and its secondary contacts; a call under way to them is aborted. */
export async function deleteLead(sb: Sandbox, lead: Lead): Promise<void> {
	const doomed = [lead, ...secondaryContacts(sb.state, lead)];
	for (const each of doomed) sb.state.leads.delete(each.id);
	await abortCalls(sb, doomed);
	const campaign = sb.state.campaigns.get(lead.campaign_id);
	if (campaign) dial(sb, campaign);
}
