import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, jsonOf, locator } from '../kit';
import { kit, run } from './setup';

/** Where Campaign → Start and Stop send. */
const UPDATE_STATUS = '/api/user/campaigns/update-status';

describe('Campaign → Start, Stop, Delete', () => {
	it('Start sends {campaign_id, action: start} once and outputs {campaign_id, status, message}; the campaign calls its leads', async () => {
		const result = await run('campaign', 'start', { campaignId: locator(91) });
		const request = await kit().expectSentOnce(result, `POST ${UPDATE_STATUS}`, {
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
		await kit().fault({ method: 'POST', path: UPDATE_STATUS, kind: '502', count: 1 });
		const unclear = await run('campaign', 'start', { campaignId: locator(91) });
		expect(unclear.error).toBeDefined();
		expect(await kit().requests(UPDATE_STATUS)).toHaveLength(1);
	});
});

describeTokenNeverShown(kit);
