import type { INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';
import { only } from '../kit';
import { ALICE, kit, loadMethod } from './setup';

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
