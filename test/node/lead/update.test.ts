import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, jsonOf, locator, NO_FIELD_TO_CHANGE } from '../kit';
import { kit, run } from './setup';

describe('Lead → Update', () => {
	it('sends PUT /api/leads/{id} (no /user) with only the fields given; variables are merged by the service', async () => {
		const result = await run('lead', 'update', {
			leadId: locator(911),
			updateFields: {
				status: 'completed',
				variables: { variable: [{ name: 'email', value: 'jonas@example.com' }] },
			},
		});
		const request = await kit().expectSentOnce(result, 'PUT /api/leads/911', { status: 200 });
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
		await kit().expectFailedBeforeSending(
			await run('lead', 'update', { leadId: locator(911) }),
			NO_FIELD_TO_CHANGE,
		);
		await kit().expectFailedBeforeSending(
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

describeTokenNeverShown(kit);
