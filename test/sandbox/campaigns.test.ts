/**
 * Campaigns: create and list, then start, stop and delete, with the calls a running campaign
 * places.
 */
import { SEED } from '../../sandbox';
import { useCampaignSandbox } from './campaignKit';
import { expectAnswer, expectInvalidFields } from './helpers';
import { activatePostCall } from './receiver';

const { w, start, stop, lead, campaignStatus, callsOf } = useCampaignSandbox();

const ALICE = SEED.alice;

describe('campaigns: create and list', () => {
	it('creates a draft (201) with the documented defaults; the list is a bare array with H:i times', async () => {
		const r = await w.c.post('/api/user/campaigns', {
			name: 'Autumn',
			assistant_id: ALICE.outboundAssistantId,
			allowed_hours_start_time: '09:00',
			allowed_hours_end_time: '17:00',
		});
		expectAnswer(r, 201, {
			message: 'Campaign created successfully',
			data: {
				id: expect.any(Number),
				name: 'Autumn',
				status: 'draft',
				max_calls_in_parallel: 3,
				mark_complete_when_no_leads: true,
				allowed_hours_start_time: '09:00:00',
				allowed_hours_end_time: '17:00:00',
				allowed_days: [
					'monday',
					'tuesday',
					'wednesday',
					'thursday',
					'friday',
					'saturday',
					'sunday',
				],
				max_retries: 3,
				retry_interval: 60,
				created_at: expect.stringMatching(/Z$/),
				updated_at: expect.any(String),
			},
		});
		const list = await w.c.get('/api/user/campaigns');
		expect(Array.isArray(list.json)).toBe(true);
		expect(list.json.map((x: any) => x.id)).toEqual([...ALICE.campaignIds, r.json.data.id]);
		expect(list.json.at(-1)).toMatchObject({
			allowed_hours_start_time: '09:00',
			allowed_hours_end_time: '17:00',
		});
		expect((await w.c.get('/api/user/campaigns', 'bob')).json.map((x: any) => x.id)).toEqual(
			SEED.bob.campaignIds,
		);
	});

	it('422 with Laravel errors for missing and out-of-range fields', async () => {
		const missing = await w.c.post('/api/user/campaigns', {});
		expectAnswer(missing, 422, {
			message: 'The given data was invalid.',
			errors: {
				name: ['The name field is required.'],
				assistant_id: ['The assistant id field is required.'],
			},
		});
		const bad = await w.c.post('/api/user/campaigns', {
			name: 'x',
			assistant_id: 102,
			max_calls_in_parallel: 11,
			max_retries: 6,
			retry_interval: 5,
			allowed_days: ['Monday'],
			allowed_hours_start_time: '9:00',
			timezone: 'Mars/Base',
			phone_number_ids: [21, 12, 12],
			goal_completion_variable: 'budget',
		});
		expectInvalidFields(
			bad,
			[
				'allowed_days.0',
				'allowed_hours_start_time',
				'goal_completion_variable',
				'max_calls_in_parallel',
				'max_retries',
				'phone_number_ids.0',
				'phone_number_ids.2',
				'retry_interval',
				'timezone',
			].sort(),
		);
	});

	it('404 for an inbound or foreign assistant; 403 at the plan limit', async () => {
		for (const assistant_id of [ALICE.inboundAssistantId, SEED.bob.outboundAssistantId]) {
			const r = await w.c.post('/api/user/campaigns', { name: 'x', assistant_id });
			expectAnswer(r, 404, { message: 'Assistant not found or not an outbound assistant.' });
		}
		for (let i = ALICE.campaignIds.length; i < 20; i++)
			expect(
				(await w.c.post('/api/user/campaigns', { name: `c${i}`, assistant_id: 102 })).status,
			).toBe(201);
		const over = await w.c.post('/api/user/campaigns', { name: 'one too many', assistant_id: 102 });
		expectAnswer(over, 403, {
			message: 'You have reached the maximum number of campaigns allowed by your plan.',
		});
	});
});

describe('campaigns: start, stop, delete', () => {
	it('starting calls the leads on the clock; each call ends with a post-call webhook naming lead and campaign; the campaign completes', async () => {
		await activatePostCall(w, ALICE.outboundAssistantId);
		const r = await start(ALICE.draftCampaignId);
		expectAnswer(r, 200, {
			message: 'Campaign started successfully.',
			success: true,
			data: { campaign_id: 91, status: 'in-progress' },
		});
		const calls = await callsOf();
		expect(calls.map((call) => [call.customer_phone, call.status, call.assistant_phone])).toEqual([
			['+4915112340001', 'initiated', '+493012345670'],
			['+4915112340002', 'initiated', '+493012345670'],
			['+4915112340003', 'initiated', '+493012345670'],
		]);
		expect(calls[0].input_variables).toEqual({ customer_name: 'Jonas Weber' });
		expect((await lead(911)).status).toBe('processing');
		await w.c.advance(5000);
		expect((await lead(911)).status).toBe('completed');
		expect(w.hook.received).toHaveLength(3);
		expect(w.hook.received[0].body.lead).toEqual({
			id: 911,
			phone_number: '+4915112340001',
			variables: { customer_name: 'Jonas Weber' },
			status: 'completed',
			created_at: expect.stringMatching(/Z$/),
			updated_at: expect.any(String),
		});
		expect(w.hook.received[0].body.campaign).toMatchObject({
			id: 91,
			name: 'Spring Outreach',
			status: 'in-progress',
			allowed_hours_start_time: '00:00:00',
			max_retries: 3,
			retry_interval: 60,
		});
		expect(await campaignStatus(91)).toBe('completed');
	});

	it('calls at most max_calls_in_parallel leads at once; leads added while running are called too', async () => {
		const created = await w.c.post('/api/user/campaigns', {
			name: 'one line',
			assistant_id: 102,
			max_calls_in_parallel: 1,
		});
		const id = created.json.data.id;
		for (const phone of ['+4915100000001', '+4915100000002'])
			await w.c.post('/api/user/lead', { campaign_id: id, phone_number: phone });
		await start(id);
		expect((await callsOf()).map((call) => call.customer_phone)).toEqual(['+4915100000001']);
		await w.c.advance(5000);
		expect((await callsOf()).map((call) => call.customer_phone)).toEqual([
			'+4915100000001',
			'+4915100000002',
		]);
		await w.c.post('/api/user/lead', { campaign_id: id, phone_number: '+4915100000003' });
		await w.c.advance(5000);
		await w.c.advance(5000);
		expect((await callsOf()).map((call) => call.customer_phone)).toEqual([
			'+4915100000001',
			'+4915100000002',
			'+4915100000003',
		]);
		expect(await campaignStatus(id)).toBe('completed');
	});

	it('an unanswered call reschedules the lead after retry_interval minutes, until max_retries are used up', async () => {
		const created = await w.c.post('/api/user/campaigns', {
			name: 'retry',
			assistant_id: 102,
			max_retries: 1,
			retry_interval: 10,
		});
		const id = created.json.data.id;
		const made = await w.c.post('/api/user/lead', {
			campaign_id: id,
			phone_number: '+4915100000009',
		});
		await start(id);
		const [first] = await callsOf();
		await w.c.ctl('POST', `/calls/${first.id}/end`, { status: 'no-answer' });
		expect(await lead(made.json.data.id)).toMatchObject({ status: 'rescheduled' });
		await w.c.advance(9 * 60_000);
		expect(await callsOf()).toHaveLength(1);
		await w.c.advance(60_000);
		const calls = await callsOf();
		expect(calls).toHaveLength(2);
		await w.c.ctl('POST', `/calls/${calls[1].id}/end`, { status: 'busy' });
		expect(await lead(made.json.data.id)).toMatchObject({ status: 'reached-max-retries' });
		expect(await campaignStatus(id)).toBe('completed');
	});

	it('calls only within the allowed days and hours of the campaign time zone', async () => {
		const berlin = async (option: 'hour' | 'weekday') => {
			const now = (await w.c.ctl('GET', '/clock')).json.now as number;
			return new Intl.DateTimeFormat('en-GB', {
				timeZone: 'Europe/Berlin',
				[option]: option === 'hour' ? '2-digit' : 'long',
				hourCycle: 'h23',
			}).format(now);
		};
		// the clock is not rewound between tests: step it to 10:00 Berlin time, on whole hours
		await w.c.advance(
			(60 - new Date((await w.c.ctl('GET', '/clock')).json.now).getUTCMinutes()) * 60_000 -
				new Date((await w.c.ctl('GET', '/clock')).json.now).getUTCSeconds() * 1000,
		);
		while ((await berlin('hour')) !== '10') await w.c.advance(3600_000);
		const today = (await berlin('weekday')).toLowerCase();
		const created = await w.c.post('/api/user/campaigns', {
			name: 'afternoon',
			assistant_id: 102,
			timezone: 'Europe/Berlin',
			allowed_hours_start_time: '14:00',
			allowed_hours_end_time: '18:00',
			allowed_days: [today],
		});
		const id = created.json.data.id;
		await w.c.post('/api/user/lead', { campaign_id: id, phone_number: '+4915100000010' });
		await start(id);
		expect(await callsOf()).toHaveLength(0);
		await w.c.advance(3 * 3600_000 + 59 * 60_000);
		expect(await callsOf()).toHaveLength(0);
		await w.c.advance(60_000);
		expect(await callsOf()).toHaveLength(1);
	});

	it('stop aborts the calls under way and puts their leads back in the queue; a restart calls them again', async () => {
		await start(91);
		const r = await stop(91);
		expect(r.json).toEqual({
			message: 'Campaign stopped successfully.',
			success: true,
			data: { campaign_id: 91, status: 'stopped' },
		});
		expect((await callsOf()).map((call) => call.status)).toEqual(['failed', 'failed', 'failed']);
		expect((await lead(911)).status).toBe('created');
		await w.c.advance(60_000);
		expect(await callsOf()).toHaveLength(3);
		expect((await start(91)).status).toBe(200);
		expect(await callsOf()).toHaveLength(6);
	});

	it('answers the documented family-C errors: invalid action, not found, foreign (403), insufficient balance (back to draft)', async () => {
		const invalid = await w.c.post('/api/user/campaigns/update-status', {
			campaign_id: 91,
			action: 'pause',
		});
		expectAnswer(invalid, 400, {
			message: "Invalid action. Must be either 'start' or 'stop'.",
			success: false,
		});
		const missing = await start(999_999);
		expectAnswer(missing, 404, { message: 'Campaign not found.', success: false });
		const foreign = await start(SEED.bob.campaignIds[0]);
		expectAnswer(foreign, 403, {
			message: 'Access denied - Campaign does not belong to authenticated user.',
			success: false,
		});
		await w.c.ctl('POST', '/users/alice/balance', { balance: 0 });
		const broke = await start(92);
		expectAnswer(broke, 400, {
			message: 'Insufficient balance to start the campaign. Please top up your account.',
			success: false,
			data: { campaign_id: 92, status: 'draft' },
		});
		expect(await callsOf()).toHaveLength(0);
	});

	it('refuses to start a running campaign, one without leads to call, and to stop one that is not running', async () => {
		expect((await stop(91)).json).toMatchObject({ success: false, data: { status: 'draft' } });
		expect((await start(92)).json).toEqual({
			message: 'Campaign has no leads to call. Add leads before starting it.',
			success: false,
			data: { campaign_id: 92, status: 'stopped' },
		});
		await start(91);
		const again = await start(91);
		expectAnswer(again, 400, {
			message: 'Campaign is already running.',
			success: false,
			data: { campaign_id: 91, status: 'in-progress' },
		});
	});

	it('delete (singular path) stops the campaign and deletes its leads; foreign or unknown → 404', async () => {
		await start(91);
		expect((await w.c.req('DELETE', `/api/user/campaign/${SEED.bob.campaignIds[0]}`)).status).toBe(
			404,
		);
		const r = await w.c.req('DELETE', '/api/user/campaign/91');
		expectAnswer(r, 200, { message: 'Campaign deleted successfully' });
		expect((await callsOf()).every((call) => call.status === 'failed')).toBe(true);
		expect((await w.c.get('/api/user/leads?campaign_id=91')).json.total).toBe(0);
		const again = await w.c.req('DELETE', '/api/user/campaign/91');
		expectAnswer(again, 404, { message: 'Campaign not found' });
		expect((await w.c.req('DELETE', '/api/user/campaigns/92')).status).toBe(404);
	});
});
