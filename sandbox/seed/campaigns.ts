/** Seeded campaigns and leads (SEED.alice.campaignIds / leadIds, SEED.bob.campaignIds / leadIds). */
import { PLAN, WEEK_DAYS, type Campaign, type Lead } from '../model/campaigns';
import { SEED } from './facts';
import type { State } from '../model/store';

export function seedCampaigns(state: State): void {
	const now = state.now();
	const DAY = 24 * 3600_000;
	const campaign = (
		c: Pick<Campaign, 'id' | 'user_id' | 'name' | 'assistant_id' | 'status'> & Partial<Campaign>,
	): Campaign => ({
		timezone: 'Europe/Berlin',
		max_calls_in_parallel: Math.min(3, PLAN.maxCallsInParallel),
		allowed_hours_start_time: '00:00',
		allowed_hours_end_time: '23:59',
		allowed_days: [...WEEK_DAYS],
		max_retries: 3,
		retry_interval: 60,
		retry_on_voicemail: false,
		retry_on_goal_incomplete: false,
		goal_completion_variable: null,
		mark_complete_when_no_leads: true,
		phone_number_ids: [],
		created_at: now - 7 * DAY,
		updated_at: now - 7 * DAY,
		rotation: 0,
		...c,
	});
	const lead = (
		l: Pick<Lead, 'id' | 'user_id' | 'campaign_id' | 'phone_number' | 'variables'> & Partial<Lead>,
	): Lead => ({
		status: 'created',
		attempts: 0,
		retry_at: null,
		primary_id: null,
		call_id: null,
		created_at: now - 6 * DAY,
		updated_at: now - 6 * DAY,
		...l,
	});
	const A = SEED.alice.userId;
	const B = SEED.bob.userId;
	for (const c of [
		campaign({
			id: 91,
			user_id: A,
			name: 'Spring Outreach',
			assistant_id: 102,
			status: 'draft',
			phone_number_ids: [12],
		}),
		campaign({
			id: 92,
			user_id: A,
			name: 'Winter Reminder',
			assistant_id: 103,
			status: 'stopped',
			allowed_hours_start_time: '09:00',
			allowed_hours_end_time: '17:00',
		}),
		campaign({
			id: SEED.alice.campaign.id,
			user_id: A,
			name: SEED.alice.campaign.name,
			assistant_id: 102,
			status: 'completed',
			created_at: now - 20 * DAY,
			updated_at: now - 2 * DAY,
		}),
		campaign({ id: 96, user_id: B, name: 'Bob Campaign', assistant_id: 201, status: 'draft' }),
	]) {
		state.campaigns.set(c.id, c);
	}
	for (const l of [
		lead({
			id: 911,
			user_id: A,
			campaign_id: 91,
			phone_number: '+4915112340001',
			variables: { customer_name: 'Jonas Weber' },
		}),
		lead({
			id: 912,
			user_id: A,
			campaign_id: 91,
			phone_number: '+4915112340002',
			variables: { customer_name: 'Lea Schmidt' },
		}),
		lead({
			id: 913,
			user_id: A,
			campaign_id: 91,
			phone_number: '+4915112340003',
			variables: { customer_name: 'Paul Fischer' },
		}),
		lead({
			id: 921,
			user_id: A,
			campaign_id: 92,
			phone_number: '+4915112340021',
			variables: { customer_name: 'Erika Musterfrau' },
			status: 'completed',
			attempts: 1,
		}),
		lead({ id: 961, user_id: B, campaign_id: 96, phone_number: '+447700900961', variables: {} }),
	]) {
		state.leads.set(l.id, l);
	}
}
