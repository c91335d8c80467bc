import {
	describeTokenNeverShown,
	expectPairedWith,
	fieldTypes,
	items,
	jsonOf,
	locator,
} from '../kit';
import { ALICE, kit, run } from './setup';

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
		const request = await kit().expectSentOnce(result, 'POST /api/user/lead', { status: 200 });
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
		await kit().expectFailedBeforeSending(result, field);
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
		await kit().expectFailedBeforeSending(result, 'phone_number');
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
		expectPairedWith(result, [0, 1]);
	});
});

describeTokenNeverShown(kit);
