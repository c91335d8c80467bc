import { jsonOf, only, describeTokenNeverShown } from '../kit';
import { ALICE, kit, run } from './setup';

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
		await kit().expectFailedBeforeSending(result, 'date_from');
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
			await kit().expectFailedBeforeSending(result, message);
		},
	);
});

describeTokenNeverShown(kit);
