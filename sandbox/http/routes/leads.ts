/** Leads: create (POST /api/user/lead, singular), list (paged, filtered), update (PUT /api/leads/{id}, no /user) and delete. */
import type { FastifyInstance } from 'fastify';
import { leadRecord } from '../../domain/campaigns/campaignRecords';
import { Campaign, Lead, LEAD_STATUSES, SETTABLE_LEAD_STATUSES } from '../../model/campaigns';
import { deleteLead, dial } from '../../domain/campaigns/dialer';
import { sqlDate } from '../../domain/formats';
import { userOf } from '../context';
import {
	Body,
	addError,
	E164,
	Errors,
	hasErrors,
	intParam,
	isPlainObject,
	perPageParam,
	validate,
} from '../../domain/validation';
import { body, params, query } from '../input';
import { laravelPage } from '../paginator';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { User } from '../../model/accounts';
import { recordById } from '../../domain/tenancy';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PHONE_FORMAT =
	'The phone number must be a valid phone number in E.164 format (e.g. +4915112345678).';

/** The update's "reformatted to E.164": spaces, dashes, dots and brackets go, a leading 00 becomes +. */
function reformatPhone(value: string): string {
	return value.replace(/[\s\-.()/]/g, '').replace(/^00/, '+');
}

function checkSecondaryContacts(b: Body, errors: Errors): void {
	if (b.secondary_contacts === undefined || b.secondary_contacts === null) return;
	if (!Array.isArray(b.secondary_contacts))
		return addError(errors, 'secondary_contacts', 'The secondary contacts must be an array.');
	b.secondary_contacts.forEach((contact: unknown, i: number) => {
		const field = `secondary_contacts.${i}`;
		if (!isPlainObject(contact)) return addError(errors, field, `The ${field} must be an object.`);
		if (typeof contact.phone_number !== 'string' || contact.phone_number === '')
			addError(errors, `${field}.phone_number`, `The ${field}.phone_number field is required.`);
		else if (!E164.test(contact.phone_number))
			addError(errors, `${field}.phone_number`, PHONE_FORMAT);
		if (
			contact.variables !== undefined &&
			contact.variables !== null &&
			!isPlainObject(contact.variables)
		)
			addError(errors, `${field}.variables`, `The ${field}.variables must be an object.`);
	});
}

export function registerLeadRoutes(app: FastifyInstance, sb: Sandbox): void {
	const ownedCampaign = (user: User, id: unknown): Campaign | undefined => {
		const campaign = recordById(sb.state.campaigns, id);
		return campaign && campaign.user_id === user.id ? campaign : undefined;
	};
	const ownedLead = (user: User, id: unknown): Lead | undefined => {
		const lead = recordById(sb.state.leads, id);
		return lead && lead.user_id === user.id ? lead : undefined;
	};
	const newLead = (
		user: User,
		campaign: Campaign,
		phone: string,
		variables: unknown,
		primaryId: number | null,
	): Lead => {
		const now = sb.now();
		const lead: Lead = {
			id: sb.state.id(),
			user_id: user.id,
			campaign_id: campaign.id,
			phone_number: phone,
			variables: isPlainObject(variables) ? { ...variables } : {},
			status: 'created',
			attempts: 0,
			retry_at: null,
			primary_id: primaryId,
			call_id: null,
			created_at: now,
			updated_at: now,
		};
		sb.state.leads.set(lead.id, lead);
		return lead;
	};

	app.post('/api/user/lead', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, {
			phone_number: ['required', 'string'],
			campaign_id: ['required', 'integer'],
			variables: ['nullable', 'object'],
			allow_dupplicate: ['nullable', 'boolean'],
		});
		if (typeof b.phone_number === 'string' && !errors.phone_number && !E164.test(b.phone_number))
			addError(errors, 'phone_number', PHONE_FORMAT);
		checkSecondaryContacts(b, errors);
		if (hasErrors(errors)) return laravel422(reply, errors);
		const campaign = ownedCampaign(user, b.campaign_id);
		if (!campaign) return send(reply, 404, { message: 'Campaign not found' });
		const duplicate = [...sb.state.leads.values()].some(
			(l) =>
				l.campaign_id === campaign.id && l.primary_id === null && l.phone_number === b.phone_number,
		);
		if (duplicate && b.allow_dupplicate !== true) {
			return laravel422(reply, {
				phone_number: ['A lead with this phone number already exists in this campaign.'],
			});
		}
		const lead = newLead(user, campaign, b.phone_number as string, b.variables, null);
		for (const contact of (b.secondary_contacts ?? []) as Array<Record<string, unknown>>) {
			newLead(user, campaign, contact.phone_number as string, contact.variables, lead.id);
		}
		dial(sb, campaign);
		return send(reply, 200, {
			message: 'Lead created successfully',
			data: leadRecord(sb.state, lead),
		});
	});

	app.get('/api/user/leads', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const perPage = perPageParam(errors, q.per_page);
		const page = intParam(q.page);
		if (page !== undefined && (Number.isNaN(page) || page < 1))
			addError(errors, 'page', 'The page must be at least 1.');
		if (q.status !== undefined && !(LEAD_STATUSES as readonly string[]).includes(q.status))
			addError(errors, 'status', 'The selected status is invalid.');
		const campaignId = intParam(q.campaign_id);
		if (Number.isNaN(campaignId))
			addError(errors, 'campaign_id', 'The campaign id must be an integer.');
		for (const field of ['date_from', 'date_to'] as const) {
			if (q[field] !== undefined && !DATE.test(q[field]))
				addError(errors, field, `The ${field.replace('_', ' ')} does not match the format Y-m-d.`);
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const leads = [...sb.state.leads.values()]
			.filter((l) => l.user_id === user.id && l.primary_id === null)
			.filter((l) => q.status === undefined || l.status === q.status)
			.filter((l) => campaignId === undefined || l.campaign_id === campaignId)
			.filter((l) => !q.phone_number || l.phone_number.includes(q.phone_number))
			.filter((l) => !q.date_from || sqlDate(l.created_at).slice(0, 10) >= q.date_from)
			.filter((l) => !q.date_to || sqlDate(l.created_at).slice(0, 10) <= q.date_to)
			.sort((x, y) => x.id - y.id);
		// The page first, then its records: a lead's record looks up its secondary contacts.
		const answer = laravelPage(leads, page ?? 1, perPage ?? 15, `${sb.baseUrl}/api/user/leads`);
		return send(reply, 200, {
			...answer,
			data: (answer.data as Lead[]).map((l) => leadRecord(sb.state, l)),
		});
	});

	app.put('/api/leads/:id', async (req, reply) => {
		const user = userOf(req);
		const lead = ownedLead(user, params(req).id);
		if (!lead) return send(reply, 404, { message: 'Lead not found' });
		const b = body(req);
		const errors = validate(b, {
			campaign_id: ['integer'],
			phone_number: ['string'],
			status: ['string', `in:${SETTABLE_LEAD_STATUSES.join(',')}`],
			variables: ['object'],
		});
		const phone = typeof b.phone_number === 'string' ? reformatPhone(b.phone_number) : undefined;
		if (phone !== undefined && !errors.phone_number && !E164.test(phone))
			addError(errors, 'phone_number', PHONE_FORMAT);
		const campaign = b.campaign_id === undefined ? undefined : ownedCampaign(user, b.campaign_id);
		if (b.campaign_id !== undefined && !errors.campaign_id && !campaign)
			addError(errors, 'campaign_id', 'The selected campaign id is invalid.');
		if (hasErrors(errors)) return laravel422(reply, errors);
		const before = sb.state.campaigns.get(lead.campaign_id);
		if (campaign) lead.campaign_id = campaign.id;
		if (phone !== undefined) lead.phone_number = phone;
		if (b.status !== undefined) lead.status = b.status as Lead['status'];
		if (b.variables !== undefined)
			lead.variables = { ...lead.variables, ...(b.variables as Record<string, unknown>) };
		lead.updated_at = sb.now();
		for (const affected of new Set([before, campaign])) if (affected) dial(sb, affected);
		return send(reply, 200, { message: 'Lead successfully updated' });
	});

	app.delete('/api/user/leads/:id', async (req, reply) => {
		const lead = ownedLead(userOf(req), params(req).id);
		if (!lead) return send(reply, 404, { message: 'Lead not found' });
		await deleteLead(sb, lead);
		return send(reply, 200, { message: 'Lead deleted successfully' });
	});
}
