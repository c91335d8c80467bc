import type { IDataObject } from 'n8n-workflow';
import { kit } from './setup';
import { SEED } from '../../../sandbox';
import { jsonOf, limitTo } from '../kit';

const getManyOutbound = async (paging: IDataObject) =>
	await kit().run({ resource: 'assistant', operation: 'getAllOutbound', ...paging });

describe('Assistant → Get Many Outbound', () => {
	it('turns the bare array into one item per assistant', async () => {
		const result = await getManyOutbound({ returnAll: true });
		await kit().expectSentOnce(result, 'GET /api/user/assistants/outbound', { query: {} });
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThanOrEqual(2);
		expect(
			records.every((record) => record.type === 'outbound' && typeof record.id === 'number'),
		).toBe(true);
		expect(records.map((record) => record.id)).toContain(SEED.alice.outboundAssistantId);
	});

	it('applies the Limit on the client', async () => {
		const result = await getManyOutbound(limitTo(1));
		expect(result.output).toHaveLength(1);
		expect((await kit().requests())[0].query).toEqual({});
	});
});
