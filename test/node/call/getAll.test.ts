import { kit, run, listedIds } from './setup.v2';
import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, expectPairedWith, jsonOf, locator, only } from '../kit';

const ALICE = SEED.alice;

describe('Call → Get Many (v2)', () => {
	it('Limit asks for one page of that size and outputs the newest calls, one item each', async () => {
		const result = await run({ operation: 'getAll', returnAll: false, limit: 5 });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/api/user/calls',
			query: { per_page: '5', page: '1' },
		});
		expect(jsonOf(result).map((call) => call.id)).toEqual((await listedIds()).slice(0, 5));
		expect(result.output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	it('Return All follows the pages (100 per page) to the last one; a Limit above one page stops inside the second', async () => {
		for (let n = 0; n < 75; n++) {
			const made = await kit().api('POST', '/api/user/make_call', {
				phone_number: `+49151000${String(n).padStart(4, '0')}`,
				assistant_id: ALICE.outboundAssistantId,
			});
			expect(made.status).toBe(200);
		}
		const total = ALICE.callIds.length + 75;
		await kit().clearRequests();
		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.output).toHaveLength(total);
		expect(new Set(jsonOf(all).map((call) => call.id)).size).toBe(total);
		expect((await kit().requests()).map((entry) => entry.query)).toEqual([
			{ per_page: '100', page: '1' },
			{ per_page: '100', page: '2' },
		]);

		await kit().clearRequests();
		const limited = await run({ operation: 'getAll', returnAll: false, limit: 101 });
		expect(limited.output).toHaveLength(101);
		expect(jsonOf(limited).map((call) => call.id)).toEqual(
			jsonOf(all)
				.slice(0, 101)
				.map((call) => call.id),
		);
		expect(await kit().requests()).toHaveLength(2);
	});

	it('sends every filter as the documented query parameter and outputs what the service matched', async () => {
		const filters = {
			status: 'completed',
			type: 'outbound',
			phoneNumber: '+49151',
			assistantId: locator(ALICE.outboundAssistantId, 'list'),
			campaignId: String(ALICE.campaign.id),
			dateFrom: '2000-01-01T00:00:00',
			dateTo: '2100-12-31T23:59:59',
		};
		const result = await run({ operation: 'getAll', returnAll: true, filters });
		expect(result.error).toBeUndefined();
		const query = {
			status: 'completed',
			type: 'outbound',
			phone_number: '+49151',
			assistant_id: String(ALICE.outboundAssistantId),
			campaign_id: String(ALICE.campaign.id),
			date_from: '2000-01-01',
			date_to: '2100-12-31',
		};
		expect(only(await kit().requests()).query).toEqual({ ...query, per_page: '100', page: '1' });
		const expected = await listedIds(`&${new URLSearchParams(query).toString()}`);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(result).map((call) => call.id)).toEqual(expected);
		expect(
			jsonOf(result).every(
				(call) => call.status === 'completed' && call.campaign_name === ALICE.campaign.name,
			),
		).toBe(true);
	});

	it('a filter left empty is not sent', async () => {
		await run({
			operation: 'getAll',
			returnAll: false,
			limit: 3,
			filters: { phoneNumber: '', campaignId: '', assistantId: locator('', 'list') },
		});
		expect(only(await kit().requests()).query).toEqual({ per_page: '3', page: '1' });
	});

	it.each([
		[
			'a customer number with letters',
			{ phoneNumber: '+49 abc' },
			'Client Phone Number (phone_number) must be a phone number or its beginning',
		],
		[
			'a campaign ID that is not an ID',
			{ campaignId: 'spring' },
			'Campaign ID (campaign_id) must be a positive whole number',
		],
		[
			'a date that does not exist',
			{ dateFrom: '2026-02-30' },
			'Created From (date_from) must be a date like 2026-01-31',
		],
		[
			'an end before the start',
			{ dateFrom: '2026-03-02', dateTo: '2026-03-01' },
			'Created Until (date_to) must be on or after Created From (2026-03-02)',
		],
		[
			'a status the service does not know',
			{ status: '={{ "done" }}' },
			'Status (status) must be one of',
		],
	])('%s fails before sending, naming the field and the rule', async (_case, filters, message) => {
		const result = await run({ operation: 'getAll', returnAll: true, filters });
		await kit().expectFailedBeforeSending(result, message);
	});

	it('an invalid item stops the run before any item is sent; under Continue On Fail only that item fails', async () => {
		const input = [{ json: { phone: '+49151' } }, { json: { phone: 'nope' } }];
		const stopped = await run(
			{
				operation: 'getAll',
				returnAll: false,
				limit: 2,
				filters: { phoneNumber: '={{ $json.phone }}' },
			},
			{ input },
		);
		expect(stopped.error?.message).toMatch(/phone_number/);
		expect(await kit().requests()).toEqual([]);
		const result = await run(
			{
				operation: 'getAll',
				returnAll: false,
				limit: 2,
				filters: { phoneNumber: '={{ $json.phone }}' },
			},
			{ input, continueOnFail: true },
		);
		expectPairedWith(result, [0, 0, 1]);
		expect(result.output[2].json).toMatchObject({
			error: expect.stringMatching(/Client Phone Number \(phone_number\)/),
		});
		expect(only(await kit().requests()).query).toMatchObject({ phone_number: '+49151' });
	});
});

describeTokenNeverShown(kit, { title: 'Call (v2): the API token', minRuns: 11 });
