import { SEED } from '../../../sandbox';
import { describeTokenNeverShown, locator, only, onlyItemOf } from '../kit';
import { KB, kit, run } from './setup';

describe('Knowledge Base → Get', () => {
	it('reads GET /api/user/knowledgebases/{id} and outputs the knowledge base itself', async () => {
		const result = await run('get', { knowledgeBaseId: locator(KB, 'list') });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: `/api/user/knowledgebases/${KB}`,
			query: {},
			body: null,
		});
		expect(onlyItemOf(result)).toMatchObject({
			id: KB,
			name: 'Produkt-FAQ',
			status: expect.any(String),
			documents_count: expect.any(Number),
			assistants_count: expect.any(Number),
		});
		expect(result.output[0].json.data).toBeUndefined();
	});

	it('maps 404 for a knowledge base of another account', async () => {
		const result = await run('get', { knowledgeBaseId: locator(SEED.bob.knowledgeBaseId) });
		expect(result.error?.message).toBe('Famulor API error 404: Knowledgebase not found.');
		expect(result.error?.context).toMatchObject({ httpCode: 404 });
	});

	it('fails the item on an ID that is not a number and sends nothing', async () => {
		const result = await run('get', { knowledgeBaseId: locator('={{ "faq" }}') });
		expect(result.error?.message).toMatch(/Knowledge Base \(id\) must be a positive whole number/);
		expect(await kit().requests()).toEqual([]);
	});
});

describeTokenNeverShown(kit);
