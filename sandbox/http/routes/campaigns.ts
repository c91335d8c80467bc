/** Campaigns: create (draft), list, start/stop (update-status) and delete (with its leads). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { campaignRecord } from '../../domain/campaigns/campaignRecords';
import { Campaign, MIN_CAMPAIGN_BALANCE, PLAN, WEEK_DAYS } from '../../model/campaigns';
import { dial, hasOpenLeads, stopCampaign, deleteLead } from '../../domain/campaigns/dialer';
import { leadsOf } from '../../domain/campaigns/leads';
import { userOf } from '../context';
import { type Body, addError, Errors, hasErrors, validate } from '../../domain/validation';
import { body, params } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { User } from '../../model/accounts';
import { ownedAssistant, recordById } from '../../domain/tenancy';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Campaign status answers (family C): `{message, success, data?}`. */
function statusAnswer(
	reply: FastifyReply,
	status: number,
	message: string,
	data?: Record<string, unknown>,
): FastifyReply {
	return send(reply, status, { message, success: status === 200, ...(data ? { data } : {}) });
}

function checkCampaignBody(sb: Sandbox, user: User, b: Body): Errors {
	const errors = validate(b, {
		name: ['required', 'string', 'max:255'],
		assistant_id: ['required', 'integer'],
		timezone: ['nullable', 'string', 'timezone'],
		max_calls_in_parallel: ['nullable', 'integer', 'min:1', `max:${PLAN.maxCallsInParallel}`],
		allowed_hours_start_time: ['nullable', 'string'],
		allowed_hours_end_time: ['nullable', 'string'],
		allowed_days: ['nullable', 'array'],
		max_retries: ['nullable', 'integer', 'between:1,5'],
		retry_interval: ['nullable', 'integer', 'between:10,4320'],
		retry_on_voicemail: ['nullable', 'boolean'],
		retry_on_goal_incomplete: ['nullable', 'boolean'],
		goal_completion_variable: ['nullable', 'string', 'max:255'],
		mark_complete_when_no_leads: ['nullable', 'boolean'],
		phone_number_ids: ['nullable', 'array'],
	});
	for (const field of ['allowed_hours_start_time', 'allowed_hours_end_time']) {
		if (typeof b[field] === 'string' && !errors[field] && !TIME.test(b[field] as string))
			addError(errors, field, `The ${field.replace(/_/g, ' ')} does not match the format H:i.`);
	}
	if (Array.isArray(b.allowed_days)) {
		b.allowed_days.forEach((day: unknown, i: number) => {
			if (!(WEEK_DAYS as readonly unknown[]).includes(day))
				addError(errors, `allowed_days.${i}`, `The selected allowed_days.${i} is invalid.`);
		});
	}
	const phoneIds = b.phone_number_ids;
	if (Array.isArray(phoneIds)) {
		phoneIds.forEach((id: unknown, i: number) => {
			const phone = typeof id === 'number' ? sb.state.phoneNumbers.get(id) : undefined;
			if (!Number.isInteger(id))
				addError(errors, `phone_number_ids.${i}`, `The phone_number_ids.${i} must be an integer.`);
			else if (phoneIds.indexOf(id) !== i)
				addError(
					errors,
					`phone_number_ids.${i}`,
					`The phone_number_ids.${i} field has a duplicate value.`,
				);
			else if (!phone || phone.user_id !== user.id)
				addError(errors, `phone_number_ids.${i}`, `The selected phone_number_ids.${i} is invalid.`);
		});
	}
	const assistant = ownedAssistant(sb, user, b.assistant_id);
	if (
		typeof b.goal_completion_variable === 'string' &&
		!errors.goal_completion_variable &&
		assistant
	) {
		const variable = assistant.post_call_schema.find(
			(item) => item.name === b.goal_completion_variable,
		);
		if (!variable || (variable.type !== 'bool' && variable.type !== 'boolean')) {
			addError(
				errors,
				'goal_completion_variable',
				"The goal completion variable must name a boolean variable of the assistant's post-call schema.",
			);
		}
	}
	return errors;
}

export function registerCampaignRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.post('/api/user/campaigns', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = checkCampaignBody(sb, user, b);
		if (hasErrors(errors)) return laravel422(reply, errors, 'The given data was invalid.');
		if (
			[...sb.state.campaigns.values()].filter((c) => c.user_id === user.id).length >=
			PLAN.maxCampaigns
		) {
			return send(reply, 403, {
				message: 'You have reached the maximum number of campaigns allowed by your plan.',
			});
		}
		const assistant = ownedAssistant(sb, user, b.assistant_id);
		if (!assistant || assistant.type !== 'outbound')
			return send(reply, 404, { message: 'Assistant not found or not an outbound assistant.' });
		const now = sb.now();
		const campaign: Campaign = {
			id: sb.state.id(),
			user_id: user.id,
			name: b.name as string,
			assistant_id: assistant.id,
			status: 'draft',
			timezone: (b.timezone ?? assistant.timezone) as string,
			max_calls_in_parallel: (b.max_calls_in_parallel ?? 3) as number,
			allowed_hours_start_time: (b.allowed_hours_start_time ?? '00:00') as string,
			allowed_hours_end_time: (b.allowed_hours_end_time ?? '23:59') as string,
			allowed_days: (b.allowed_days ?? [...WEEK_DAYS]) as string[],
			max_retries: (b.max_retries ?? 3) as number,
			retry_interval: (b.retry_interval ?? 60) as number,
			retry_on_voicemail: b.retry_on_voicemail === true,
			retry_on_goal_incomplete: b.retry_on_goal_incomplete === true,
			goal_completion_variable: (b.goal_completion_variable ?? null) as string | null,
			mark_complete_when_no_leads: b.mark_complete_when_no_leads !== false,
			phone_number_ids: (b.phone_number_ids ?? []) as number[],
			created_at: now,
			updated_at: now,
			rotation: 0,
		};
		sb.state.campaigns.set(campaign.id, campaign);
		return send(reply, 201, {
			message: 'Campaign created successfully',
			data: campaignRecord(campaign, 'create'),
		});
	});

	app.get('/api/user/campaigns', async (req, reply) => {
		const user = userOf(req);
		const list = [...sb.state.campaigns.values()]
			.filter((c) => c.user_id === user.id)
			.sort((x, y) => x.id - y.id)
			.map((c) => campaignRecord(c, 'list'));
		return send(reply, 200, list);
	});

	app.post('/api/user/campaigns/update-status', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, {
			campaign_id: ['required', 'integer'],
			action: ['required', 'string'],
		});
		if (hasErrors(errors)) return laravel422(reply, errors, 'The given data was invalid.');
		if (b.action !== 'start' && b.action !== 'stop')
			return statusAnswer(reply, 400, "Invalid action. Must be either 'start' or 'stop'.");
		const campaign = recordById(sb.state.campaigns, b.campaign_id);
		if (!campaign) return statusAnswer(reply, 404, 'Campaign not found.');
		if (campaign.user_id !== user.id)
			return statusAnswer(
				reply,
				403,
				'Access denied - Campaign does not belong to authenticated user.',
			);
		const data = () => ({ campaign_id: campaign.id, status: campaign.status });
		if (b.action === 'stop') {
			if (campaign.status !== 'in-progress')
				return statusAnswer(
					reply,
					400,
					`Campaign cannot be stopped in status ${campaign.status}.`,
					data(),
				);
			await stopCampaign(sb, campaign);
			return statusAnswer(reply, 200, 'Campaign stopped successfully.', data());
		}
		if (campaign.status === 'in-progress')
			return statusAnswer(reply, 400, 'Campaign is already running.', data());
		if (user.balance < MIN_CAMPAIGN_BALANCE) {
			campaign.status = 'draft';
			return statusAnswer(
				reply,
				400,
				'Insufficient balance to start the campaign. Please top up your account.',
				data(),
			);
		}
		if (!hasOpenLeads(sb.state, campaign.id))
			return statusAnswer(
				reply,
				400,
				'Campaign has no leads to call. Add leads before starting it.',
				data(),
			);
		campaign.status = 'in-progress';
		campaign.updated_at = sb.now();
		const answer = data();
		dial(sb, campaign);
		return statusAnswer(reply, 200, 'Campaign started successfully.', answer);
	});

	app.delete('/api/user/campaign/:id', async (req, reply) => {
		const user = userOf(req);
		const campaign = recordById(sb.state.campaigns, params(req).id);
		if (!campaign || campaign.user_id !== user.id)
			return send(reply, 404, { message: 'Campaign not found' });
		if (campaign.status === 'in-progress') await stopCampaign(sb, campaign);
		sb.state.campaigns.delete(campaign.id);
		for (const lead of leadsOf(sb.state, campaign.id)) await deleteLead(sb, lead);
		return send(reply, 200, { message: 'Campaign deleted successfully' });
	});
}
