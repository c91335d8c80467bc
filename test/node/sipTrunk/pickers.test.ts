import type { INodeListSearchResult } from 'n8n-workflow';
import { runLoadMethodOf } from '../../../harness/engine';
import { kit, seedExtensionTrunk } from './setup';

describe('SIP Trunk', () => {
	it("the SIP trunk picker lists the account's trunks", async () => {
		await seedExtensionTrunk('1000', { nickname: 'Desk' });
		const result = await runLoadMethodOf<INodeListSearchResult>({
			kind: 'listSearch',
			method: 'searchSipTrunks',
			args: ['desk'],
			credentials: kit().credentials,
			typeVersion: 2,
		});
		expect(result.results).toEqual([
			{ name: '1000 (Desk) @ pbx.example.com', value: expect.stringMatching(/^\d+$/) },
		]);
	});
});
