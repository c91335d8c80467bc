/** Campaigns and their leads: the records, their statuses and the plan's limits. */
export const LEAD_STATUSES = [
	'created',
	'scheduled',
	'processing',
	'completed',
	'rescheduled',
	'reached-max-retries',
	'blacklisted',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** The statuses a lead update may set. */
export const SETTABLE_LEAD_STATUSES = ['created', 'completed', 'reached-max-retries'] as const;

export type CampaignStatus = 'draft' | 'in-progress' | 'stopped' | 'completed';
export const WEEK_DAYS = [
	'monday',
	'tuesday',
	'wednesday',
	'thursday',
	'friday',
	'saturday',
	'sunday',
] as const;

export interface Campaign {
	id: number;
	user_id: number;
	name: string;
	assistant_id: number;
	status: CampaignStatus;
	timezone: string;
	max_calls_in_parallel: number;
	/** "HH:MM" */
	allowed_hours_start_time: string;
	allowed_hours_end_time: string;
	allowed_days: string[];
	max_retries: number;
	/** minutes */
	retry_interval: number;
	retry_on_voicemail: boolean;
	retry_on_goal_incomplete: boolean;
	goal_completion_variable: string | null;
	mark_complete_when_no_leads: boolean;
	phone_number_ids: number[];
	created_at: number;
	updated_at: number;
	/** index of the next number of the rotation */
	rotation: number;
	/** cancels the dialer's pending wake-up (next allowed hour, next retry) */
	wake?: () => void;
}

export interface Lead {
	id: number;
	user_id: number;
	campaign_id: number;
	phone_number: string;
	variables: Record<string, unknown>;
	status: LeadStatus;
	/** calls placed to this lead */
	attempts: number;
	/** when a rescheduled lead is due again */
	retry_at: number | null;
	/** the primary lead of a secondary contact */
	primary_id: number | null;
	/** the call under way */
	call_id: number | null;
	created_at: number;
	updated_at: number;
}

/** The plan's limits in the sandbox: campaigns per user and calls in parallel per campaign. */
export const PLAN = { maxCampaigns: 20, maxCallsInParallel: 10 };
/** Below this balance a campaign does not start (as make_call refuses to call). */
export const MIN_CAMPAIGN_BALANCE = 0.1;
