import type { INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';
import { SEED } from '../../sandbox';
import { runLoadMethodOf } from '../../harness/engine';
import {
	expectFailedBeforeSending,
	jsonOf,
	locator,
	only,
	useKit,
	describeTokenNeverShown,
	v2Runner,
} from './kit';

const ALICE = SEED.alice;

const kit = useKit({ callDurationMs: 0 });

const run = v2Runner(kit);

const loadMethod = <T>(
	kind: 'listSearch' | 'loadOptions',
	method: string,
	args: unknown[] = [],
	parameters = {},
) =>
	runLoadMethodOf<T>({
		kind,
		method,
		args,
		credentials: kit().credentials,
		typeVersion: 2,
		parameters: { resource: 'lead', operation: 'create', ...parameters },
	});

describe('Campaign → Create and Get Many', () => {
	it('sends POST /api/user/campaigns with typed fields; outputs the draft campaign', async () => {
		const result = await run('campaign', 'create', {
			name: 'Autumn',
			assistantId: locator(ALICE.outboundAssistantId),
			additionalFields: {
				timezone: 'Europe/Berlin',
				maxCallsInParallel: 2,
				allowedHoursStart: '09:00',
				allowedHoursEnd: '17:30',
				allowedDays: ['monday', 'friday'],
				maxRetries: 2,
				retryInterval: 30,
				retryOnGoalIncomplete: true,
				goalCompletionVariable: 'interested',
				markCompleteWhenNoLeads: false,
				phoneNumberIds: [12, 11],
			},
		});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({ method: 'POST', path: '/api/user/campaigns', status: 201 });
		expect(request.body).toEqual({
			name: 'Autumn',
			assistant_id: 102,
			timezone: 'Europe/Berlin',
			max_calls_in_parallel: 2,
			allowed_hours_start_time: '09:00',
			allowed_hours_end_time: '17:30',
			max_retries: 2,
			retry_interval: 30,
			retry_on_goal_incomplete: true,
			goal_completion_variable: 'interested',
			mark_complete_when_no_leads: false,
			allowed_days: ['monday', 'friday'],
			phone_number_ids: [12, 11],
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: expect.any(Number),
				name: 'Autumn',
				status: 'draft',
				allowed_hours_end_time: '17:30:00',
			}),
		]);
	});

	it.each([
		['more than 10 parallel calls', { maxCallsInParallel: 11 }, 'max_calls_in_parallel'],
		['a retry interval under 10 minutes', { retryInterval: 5 }, 'retry_interval'],
		['a time that is not HH:MM', { allowedHoursStart: '9 am' }, 'allowed_hours_start_time'],
		[
			'an end before the start',
			{ allowedHoursStart: '18:00', allowedHoursEnd: '09:00' },
			'allowed_hours_end_time',
		],
		['a time zone that is not IANA', { timezone: 'CET+1' }, 'timezone'],
		['a phone number twice', { phoneNumberIds: [12, 12] }, 'phone_number_ids'],
	])('fails on %s before sending', async (_case, additionalFields, field) => {
		const result = await run('campaign', 'create', {
			name: 'x',
			assistantId: locator(102),
			additionalFields,
		});
		await expectFailedBeforeSending(kit(), result, field);
	});

	it('maps the 404 for an inbound assistant', async () => {
		const result = await run('campaign', 'create', {
			name: 'x',
			assistantId: locator(ALICE.inboundAssistantId),
		});
		expect(result.error?.message).toMatch(/404.*not an outbound assistant/);
	});

	it('Get Many reads the bare array of GET /api/user/campaigns and applies the Limit locally', async () => {
		const all = await run('campaign', 'getAll', { returnAll: true });
		expect(jsonOf(all).map((campaign) => campaign.id)).toEqual(ALICE.campaignIds);
		const one = await run('campaign', 'getAll', { returnAll: false, limit: 1 });
		expect(jsonOf(one).map((campaign) => campaign.id)).toEqual([ALICE.campaignIds[0]]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.query]),
		).toEqual([
			['GET', '/api/user/campaigns', {}],
			['GET', '/api/user/campaigns', {}],
		]);
	});
});

describe('Campaign → Start, Stop, Delete', () => {
	it('Start sends {campaign_id, action: start} once and outputs {campaign_id, status, message}; the campaign calls its leads', async () => {
		const result = await run('campaign', 'start', { campaignId: locator(91) });
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/user/campaigns/update-status',
			status: 200,
		});
		expect(request.body).toEqual({ campaign_id: 91, action: 'start' });
		expect(jsonOf(result)).toEqual([
			{ campaign_id: 91, status: 'in-progress', message: 'Campaign started successfully.' },
		]);
		const ringing = (
			await kit().control<Array<{ status: string; customer_phone: string }>>('GET', '/calls')
		).filter((call) => call.status === 'initiated');
		expect(ringing.map((call) => call.customer_phone).sort()).toEqual([
			'+4915112340001',
			'+4915112340002',
			'+4915112340003',
		]);
		const stopped = await run('campaign', 'stop', { campaignId: locator(91) });
		expect(jsonOf(stopped)).toEqual([
			{ campaign_id: 91, status: 'stopped', message: 'Campaign stopped successfully.' },
		]);
		expect((await kit().requests()).at(-1)?.body).toEqual({ campaign_id: 91, action: 'stop' });
	});

	it('maps the 403 of a foreign campaign and the 400 of an empty balance, and never repeats a start', async () => {
		const foreign = await run('campaign', 'start', {
			campaignId: locator(SEED.bob.campaignIds[0]),
		});
		expect(foreign.error?.message).toMatch(/403.*does not belong to authenticated user/);
		await kit().control('POST', '/users/alice/balance', { balance: 0 });
		const broke = await run('campaign', 'start', { campaignId: locator(91) });
		expect(broke.error?.message).toMatch(/400.*Insufficient balance to start the campaign/);
		await kit().control('POST', '/users/alice/balance', { balance: 25 });
		await kit().clearRequests();
		await kit().fault({
			method: 'POST',
			path: '/api/user/campaigns/update-status',
			kind: '502',
			count: 1,
		});
		const unclear = await run('campaign', 'start', { campaignId: locator(91) });
		expect(unclear.error).toBeDefined();
		expect(await kit().requests('/api/user/campaigns/update-status')).toHaveLength(1);
	});

	it('Delete sends DELETE /api/user/campaign/{id} (singular) and outputs {id, deleted, message}', async () => {
		const result = await run('campaign', 'delete', { campaignId: locator(92) });
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/campaign/92',
			status: 200,
		});
		expect(jsonOf(result)).toEqual([
			{ id: 92, deleted: true, message: 'Campaign deleted successfully' },
		]);
	});
});

describe('pickers', () => {
	it('lists campaigns (list search and options) and searches leads by number', async () => {
		const campaigns = await loadMethod<INodeListSearchResult>('listSearch', 'searchCampaigns', [
			'winter',
		]);
		expect(campaigns.results).toEqual([{ name: 'Winter Reminder (#92, stopped)', value: '92' }]);
		const options = await loadMethod<INodePropertyOptions[]>('loadOptions', 'getCampaigns');
		expect(options.map((option) => option.value)).toEqual(ALICE.campaignIds);
		await kit().clearRequests();
		const leads = await loadMethod<INodeListSearchResult>('listSearch', 'searchLeads', [
			'+49 151 1234 0002',
		]);
		expect(leads.results).toEqual([
			{ name: '+4915112340002 (#912, Spring Outreach, created)', value: '912' },
		]);
		expect(only(await kit().requests()).query).toEqual({
			per_page: '100',
			page: '1',
			phone_number: '+4915112340002',
		});
		await kit().clearRequests();
		const byName = await loadMethod<INodeListSearchResult>('listSearch', 'searchLeads', ['paul']);
		expect(byName.results).toEqual([
			{ name: '+4915112340003 (#913, Spring Outreach, created)', value: '913' },
		]);
		expect(only(await kit().requests()).query).toEqual({ per_page: '100', page: '1' });
	});
});

describeTokenNeverShown(kit);
