import type { IDataObject } from 'n8n-workflow';
import { kit, REQUIRED_BODY } from './setup';
import { SEED } from '../../../sandbox';
import { jsonOf, limitTo } from '../kit';

const getMany = async (paging: IDataObject) =>
	await kit().run({ resource: 'assistant', operation: 'getAll', ...paging });

describe('Assistant → Get Many', () => {
	it('Limit asks for one page of that size and returns one item per assistant', async () => {
		const result = await getMany(limitTo(3));
		await kit().expectSentOnce(result, 'GET /api/user/assistants/get', {
			query: { per_page: '3', page: '1' },
		});
		expect(jsonOf(result).map((assistant) => assistant.id)).toEqual(
			SEED.alice.assistantIds.slice(0, 3),
		);
		expect(result.output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	it('Return All and a Limit above one page read several pages', async () => {
		for (let index = 0; index < 200; index++) {
			const { status } = await kit().api('POST', '/api/user/assistant', {
				...REQUIRED_BODY,
				assistant_name: `Bulk ${index}`,
			});
			expect(status).toBe(201);
		}
		await kit().clearRequests();
		const all = await getMany({ returnAll: true });
		const allRequests = await kit().requests();
		expect(allRequests.map((request) => request.query)).toEqual([
			{ per_page: '100', page: '1' },
			{ per_page: '100', page: '2' },
			{ per_page: '100', page: '3' },
		]);
		const ids = jsonOf(all).map((assistant) => assistant.id);
		expect(ids).toHaveLength(204);
		expect(new Set(ids).size).toBe(204);

		await kit().clearRequests();
		const limited = await getMany(limitTo(150));
		expect((await kit().requests()).map((request) => request.query)).toEqual([
			{ per_page: '100', page: '1' },
			{ per_page: '100', page: '2' },
		]);
		expect(jsonOf(limited).map((assistant) => assistant.id)).toEqual(ids.slice(0, 150));
	});

	it('refuses a Limit below 1 without a request', async () => {
		const result = await getMany(limitTo(0));
		expect(result.error?.message).toContain('limit');
		expect(await kit().requests()).toHaveLength(0);
	});
});
