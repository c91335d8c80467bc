import { SEED } from '../../sandbox';
import {
	expectFailedBeforeSending,
	fieldTypes,
	items,
	jsonOf,
	locator,
	only,
	useKit,
	visibleText,
	NO_FIELD_TO_CHANGE,
	v2Runner,
} from './kit';

const ALICE = SEED.alice;

const kit = useKit({ callDurationMs: 0 });

const run = v2Runner(kit);

describe('Lead → Create', () => {
	it('sends POST /api/user/lead (singular) with campaign_id, phone_number, variables, allow_dupplicate and secondary contacts; outputs the lead', async () => {
		const result = await run('lead', 'create', {
			campaignId: locator(ALICE.draftCampaignId),
			phoneNumber: '+49 151 1234 0099',
			variables: { variable: [{ name: 'customer_name', value: 'Ada' }] },
			additionalFields: {
				allowDuplicate: true,
				secondaryContacts: {
					contact: [{ phoneNumber: '+4930123456', variables: '{"role":"office"}' }],
				},
			},
		});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({ method: 'POST', path: '/api/user/lead', status: 200 });
		expect(request.body).toEqual({
			phone_number: '+4915112340099',
			campaign_id: 91,
			variables: { customer_name: 'Ada' },
			allow_dupplicate: true,
			secondary_contacts: [{ phone_number: '+4930123456', variables: { role: 'office' } }],
		});
		expect(fieldTypes(request.body)).toEqual({
			phone_number: 'string',
			campaign_id: 'number',
			variables: 'object',
			allow_dupplicate: 'boolean',
			secondary_contacts: 'array',
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: expect.any(Number),
				campaign_id: 91,
				status: 'created',
				campaign: { id: 91, name: 'Spring Outreach' },
			}),
		]);
		expect(result.output[0].pairedItem).toEqual({ item: 0 });
	});

	it.each([
		['a number that is not E.164', { phoneNumber: '0151 1234' }, 'phone_number'],
		['a campaign ID that is not a number', { campaignId: locator('={{ "abc" }}') }, 'campaign_id'],
		[
			'bad JSON in a secondary contact',
			{
				additionalFields: {
					secondaryContacts: { contact: [{ phoneNumber: '+4930123456', variables: '{oops' }] },
				},
			},
			'secondary_contacts.0.variables',
		],
	])('fails on %s before sending anything', async (_case, parameters, field) => {
		const result = await run('lead', 'create', {
			campaignId: locator(91),
			phoneNumber: '+4915100000001',
			...parameters,
		});
		await expectFailedBeforeSending(kit(), result, field);
	});

	it('checks every item before sending any: one bad item among good ones sends nothing', async () => {
		const input = items(
			{ phone: '+4915100000001' },
			{ phone: 'nope' },
			{ phone: '+4915100000003' },
		);
		const result = await run(
			'lead',
			'create',
			{ campaignId: locator(91), phoneNumber: '={{ $json.phone }}' },
			{ input },
		);
		await expectFailedBeforeSending(kit(), result, 'phone_number');
	});

	it('with Continue On Fail, creates the good leads and returns the service refusal of a duplicate as an error item', async () => {
		const input = items({ phone: '+4915100000001' }, { phone: '+4915112340001' });
		const result = await run(
			'lead',
			'create',
			{ campaignId: locator(91), phoneNumber: '={{ $json.phone }}' },
			{ input, continueOnFail: true },
		);
		expect(result.output).toHaveLength(2);
		expect(jsonOf(result)[0]).toMatchObject({ phone_number: '+4915100000001', status: 'created' });
		expect(jsonOf(result)[1]).toMatchObject({
			error: expect.stringContaining('already exists in this campaign'),
			httpCode: 422,
		});
		expect(result.output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('Lead → Get Many', () => {
	it('pages through GET /api/user/leads with the filters; Return All reads every page', async () => {
		for (let i = 0; i < 3; i++)
			await kit().api('POST', '/api/user/lead', {
				campaign_id: 92,
				phone_number: `+49151000000${10 + i}`,
			});
		await kit().clearRequests();
		const result = await run('lead', 'getAll', {
			returnAll: true,
			filters: {
				campaignId: 92,
				status: 'created',
				phoneNumber: '+4915100',
				dateFrom: '2020-01-01T00:00:00',
				dateTo: '2099-12-31T00:00:00',
			},
		});
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/leads',
			query: {
				campaign_id: '92',
				status: 'created',
				phone_number: '+4915100',
				date_from: '2020-01-01',
				date_to: '2099-12-31',
				per_page: '100',
				page: '1',
			},
		});
		expect(jsonOf(result).map((lead) => lead.phone_number)).toEqual([
			'+4915100000010',
			'+4915100000011',
			'+4915100000012',
		]);
	});

	it('asks for no more than the Limit', async () => {
		const result = await run('lead', 'getAll', { returnAll: false, limit: 2 });
		expect(jsonOf(result).map((lead) => lead.id)).toEqual(ALICE.leadIds.slice(0, 2));
		expect(only(await kit().requests()).query).toEqual({ per_page: '2', page: '1' });
	});

	it('rejects a malformed date before sending', async () => {
		const result = await run('lead', 'getAll', { filters: { dateFrom: '={{ "31.01.2026" }}' } });
		await expectFailedBeforeSending(kit(), result, 'date_from');
	});

	it.each([
		[
			'a date that does not exist',
			{ dateFrom: '2026-02-30' },
			'Created From (date_from) must be a date like 2026-01-31',
		],
		[
			'an end before the start',
			{ dateFrom: '2026-03-02', dateTo: '2026-03-01' },
			'Created To (date_to) must be on or after Created From (2026-03-02)',
		],
	])(
		'rejects %s before sending, naming the field and the rule',
		async (_case, filters, message) => {
			const result = await run('lead', 'getAll', { filters });
			await expectFailedBeforeSending(kit(), result, message);
		},
	);
});

describe('Lead → Update', () => {
	it('sends PUT /api/leads/{id} (no /user) with only the fields given; variables are merged by the service', async () => {
		const result = await run('lead', 'update', {
			leadId: locator(911),
			updateFields: {
				status: 'completed',
				variables: { variable: [{ name: 'email', value: 'jonas@example.com' }] },
			},
		});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({ method: 'PUT', path: '/api/leads/911', status: 200 });
		expect(request.body).toEqual({
			status: 'completed',
			variables: { email: 'jonas@example.com' },
		});
		expect(jsonOf(result)).toEqual([
			{
				id: 911,
				updated: true,
				changes: { status: 'completed', variables: { email: 'jonas@example.com' } },
			},
		]);
		const leads = (await kit().api('GET', '/api/user/leads')).json.data as Array<{
			id: number;
			variables: object;
		}>;
		expect(leads.find((lead) => lead.id === 911)?.variables).toEqual({
			customer_name: 'Jonas Weber',
			email: 'jonas@example.com',
		});
	});

	it('fails without any field to change, and on a status the service does not accept, before sending', async () => {
		await expectFailedBeforeSending(
			kit(),
			await run('lead', 'update', { leadId: locator(911) }),
			NO_FIELD_TO_CHANGE,
		);
		await expectFailedBeforeSending(
			kit(),
			await run('lead', 'update', {
				leadId: locator(911),
				updateFields: { status: '={{ "processing" }}' },
			}),
			'status',
		);
	});

	it('maps the 404 of a lead of another account', async () => {
		const result = await run('lead', 'update', {
			leadId: locator(SEED.bob.leadIds[0]),
			updateFields: { status: 'completed' },
		});
		expect(result.error?.message).toMatch(/404.*Lead not found/);
	});
});

describe('Lead → Delete', () => {
	it('sends DELETE /api/user/leads/{id} once and outputs {id, deleted, message}', async () => {
		const result = await run('lead', 'delete', { leadId: locator(912) });
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/leads/912',
			status: 200,
		});
		expect(jsonOf(result)).toEqual([
			{ id: 912, deleted: true, message: 'Lead deleted successfully' },
		]);
	});

	it('never repeats a delete whose outcome is unknown (500)', async () => {
		await kit().fault({ method: 'DELETE', path: '/api/user/leads/912', kind: '500', count: 1 });
		const result = await run('lead', 'delete', { leadId: locator(912) });
		expect(result.error).toBeDefined();
		expect(await kit().requests('/api/user/leads/912')).toHaveLength(1);
	});
});

describe('the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(10);
		for (const result of kit().runs) {
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.alice);
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.bob);
		}
	});
});
