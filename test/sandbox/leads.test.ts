/** Leads: create, list, update and delete, and how each change meets a running campaign. */
import { SEED } from '../../sandbox';
import { useCampaignSandbox } from './campaignKit';
import { expectAnswer, expectInvalidFields } from './helpers';

const { w, start, lead, campaignStatus, callsOf } = useCampaignSandbox();

const ALICE = SEED.alice;

describe('leads', () => {
	it('creates a lead (200, not 201) with secondary contacts at the singular path', async () => {
		const r = await w.c.post('/api/user/lead', {
			campaign_id: 92,
			phone_number: '+4917611110099',
			variables: { customer_name: 'Ada' },
			secondary_contacts: [{ phone_number: '+4917611110098', variables: { role: 'office' } }],
		});
		expectAnswer(r, 200, {
			message: 'Lead created successfully',
			data: {
				id: expect.any(Number),
				campaign_id: 92,
				phone_number: '+4917611110099',
				variables: { customer_name: 'Ada' },
				status: 'created',
				created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
				updated_at: expect.any(String),
				campaign: { id: 92, name: 'Winter Reminder' },
				secondary_contacts: [
					{
						id: expect.any(Number),
						phone_number: '+4917611110098',
						variables: { role: 'office' },
						status: 'created',
						created_at: expect.any(String),
						updated_at: expect.any(String),
					},
				],
			},
		});
		expect(
			(await w.c.post('/api/users/lead', { campaign_id: 92, phone_number: '+4917611110097' }))
				.status,
		).toBe(404);
	});

	it('rejects bad input, duplicates (unless allow_dupplicate) and foreign campaigns', async () => {
		const bad = await w.c.post('/api/user/lead', {
			campaign_id: '92',
			phone_number: '0176 1234',
			variables: [{ a: 1 }],
			secondary_contacts: [{}],
		});
		expectInvalidFields(bad, [
			'campaign_id',
			'phone_number',
			'secondary_contacts.0.phone_number',
			'variables',
		]);
		const dup = await w.c.post('/api/user/lead', {
			campaign_id: 91,
			phone_number: '+4915112340001',
		});
		expect(dup.status).toBe(422);
		expect(dup.json.errors).toEqual({
			phone_number: ['A lead with this phone number already exists in this campaign.'],
		});
		expect(
			(
				await w.c.post('/api/user/lead', {
					campaign_id: 91,
					phone_number: '+4915112340001',
					allow_dupplicate: true,
				})
			).status,
		).toBe(200);
		const foreign = await w.c.post('/api/user/lead', {
			campaign_id: SEED.bob.campaignIds[0],
			phone_number: '+4915100000001',
		});
		expectAnswer(foreign, 404, { message: 'Campaign not found' });
	});

	it('lists leads as a full Laravel paginator with filters', async () => {
		const all = await w.c.get('/api/user/leads');
		expect(all.status).toBe(200);
		expect(all.json).toMatchObject({
			current_page: 1,
			per_page: 15,
			total: 4,
			last_page: 1,
			from: 1,
			to: 4,
			next_page_url: null,
			path: `${w.c.sb.url}/api/user/leads`,
		});
		expect(all.json.data.map((l: any) => l.id)).toEqual(ALICE.leadIds);
		const page2 = await w.c.get('/api/user/leads?per_page=3&page=2');
		expect(page2.json).toMatchObject({
			current_page: 2,
			last_page: 2,
			total: 4,
			from: 4,
			to: 4,
			prev_page_url: `${w.c.sb.url}/api/user/leads?page=1`,
		});
		expect(
			(await w.c.get('/api/user/leads?status=completed')).json.data.map((l: any) => l.id),
		).toEqual([921]);
		expect(
			(await w.c.get('/api/user/leads?campaign_id=91&phone_number=40002')).json.data.map(
				(l: any) => l.id,
			),
		).toEqual([912]);
		expect((await w.c.get('/api/user/leads?date_from=2099-01-01')).json.total).toBe(0);
		expect((await w.c.get('/api/user/leads', 'bob')).json.data.map((l: any) => l.id)).toEqual(
			SEED.bob.leadIds,
		);
		const bad = await w.c.get('/api/user/leads?status=contacted&per_page=101&date_to=15.01.2026');
		expectInvalidFields(bad, ['date_to', 'per_page', 'status']);
	});

	it('updates at PUT /api/leads/{id} (no /user): variables merged, phone reformatted, status limited; foreign → 404', async () => {
		const r = await w.c.put('/api/leads/911', {
			variables: { email: 'jonas@example.com' },
			phone_number: '+49 151 1234-0099',
			status: 'completed',
		});
		expectAnswer(r, 200, { message: 'Lead successfully updated' });
		expect(await lead(911)).toMatchObject({
			phone_number: '+4915112340099',
			status: 'completed',
			variables: { customer_name: 'Jonas Weber', email: 'jonas@example.com' },
		});
		const bad = await w.c.put('/api/leads/911', {
			status: 'processing',
			campaign_id: SEED.bob.campaignIds[0],
		});
		expectInvalidFields(bad, ['campaign_id', 'status']);
		expect((await w.c.put('/api/user/leads/911', { status: 'created' })).status).toBe(404);
		const foreign = await w.c.put(`/api/leads/${SEED.bob.leadIds[0]}`, { status: 'completed' });
		expectAnswer(foreign, 404, { message: 'Lead not found' });
	});

	it('setting a lead back to created puts it in the queue of a running campaign', async () => {
		await w.c.put('/api/leads/912', { status: 'completed' });
		await w.c.put('/api/leads/913', { status: 'completed' });
		await start(91);
		await w.c.advance(5000);
		expect(await campaignStatus(91)).toBe('completed');
		await w.c.put('/api/leads/912', { status: 'created' });
		await start(91);
		expect((await callsOf()).map((call) => call.customer_phone)).toEqual([
			'+4915112340001',
			'+4915112340002',
		]);
	});

	it('deletes a lead with its secondary contacts; a call under way is aborted; foreign or unknown → 404', async () => {
		await start(91);
		const r = await w.c.req('DELETE', '/api/user/leads/911');
		expectAnswer(r, 200, { message: 'Lead deleted successfully' });
		expect((await callsOf()).find((call) => call.customer_phone === '+4915112340001').status).toBe(
			'failed',
		);
		const again = await w.c.req('DELETE', '/api/user/leads/911');
		expectAnswer(again, 404, { message: 'Lead not found' });
		expect((await w.c.req('DELETE', `/api/user/leads/${SEED.bob.leadIds[0]}`)).status).toBe(404);
	});
});
