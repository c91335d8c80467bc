import { only, jsonOf, describeTokenNeverShown } from '../kit';
import { kit, runV2 } from './setup';

describe('Knowledge Base → Create, Get Many, Delete', () => {
	it('creates with name and description and outputs the new knowledge base', async () => {
		const result = await runV2('knowledgeBase', 'create', {
			name: 'Pricing',
			description: 'Price lists',
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'POST',
			path: '/api/user/knowledgebases',
			body: { name: 'Pricing', description: 'Price lists' },
			status: 201,
		});
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: expect.any(Number), name: 'Pricing', status: 'empty' }),
		]);
	});

	it('fails on an empty or too long name before sending', async () => {
		await kit().expectFailedBeforeSending(
			await runV2('knowledgeBase', 'create', { name: '={{ " " }}' }),
			'name',
		);
		await kit().expectFailedBeforeSending(
			await runV2('knowledgeBase', 'create', { name: 'n'.repeat(256) }),
			'name',
		);
	});
});

describeTokenNeverShown(kit);
