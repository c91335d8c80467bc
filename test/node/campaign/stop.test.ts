import { jsonOf, locator, describeTokenNeverShown } from '../kit';
import { kit, run } from './setup';

describe('Campaign → Start, Stop, Delete', () => {
	// Split from the Start test, which started campaign 91 before stopping it.
	it('Stop sends {campaign_id, action: stop} and outputs {campaign_id, status, message}', async () => {
		expect((await run('campaign', 'start', { campaignId: locator(91) })).error).toBeUndefined();
		const stopped = await run('campaign', 'stop', { campaignId: locator(91) });
		expect(jsonOf(stopped)).toEqual([
			{ campaign_id: 91, status: 'stopped', message: 'Campaign stopped successfully.' },
		]);
		expect((await kit().requests()).at(-1)?.body).toEqual({ campaign_id: 91, action: 'stop' });
	});
});

describeTokenNeverShown(kit);
