import { KB, kit, run } from './setup';
import { SEED } from '../../../sandbox';
import { only, describeTokenNeverShown } from '../kit';

describe('Document → Get Many', () => {
	it('reads GET .../documents and outputs one item per document, limited locally', async () => {
		await run('createFromWebsite', { name: 'Zweites', url: 'https://example.com/2' });
		await run('createFromWebsite', { name: 'Drittes', url: 'https://example.com/3' });
		await kit().clearRequests();

		const all = await run('getAll', { returnAll: true });
		expect(all.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: `/api/user/knowledgebases/${KB}/documents`,
			query: {},
			body: null,
		});
		expect(all.output.map((item) => item.json.name)).toEqual(['Website FAQ', 'Zweites', 'Drittes']);
		expect(all.output[0].json).toMatchObject({
			id: SEED.alice.documentIds[0],
			type: 'website',
			status: 'active',
		});

		await kit().clearRequests();
		const limited = await run('getAll', { returnAll: false, limit: 2 });
		expect(limited.output.map((item) => item.json.name)).toEqual(['Website FAQ', 'Zweites']);
		expect(only(await kit().requests()).query).toEqual({});
	});
});

describeTokenNeverShown(kit);
