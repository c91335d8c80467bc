import { kit } from './setup';
import { SEED } from '../../../sandbox';
import { jsonOf } from '../kit';

describe('Assistant → Get Many Outbound', () => {
	it('turns the bare array into one item per assistant', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAllOutbound',
			returnAll: true,
		});
		const requests = await kit().requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/user/assistants/outbound',
			query: {},
		});
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThanOrEqual(2);
		expect(
			records.every((record) => record.type === 'outbound' && typeof record.id === 'number'),
		).toBe(true);
		expect(records.map((record) => record.id)).toContain(SEED.alice.outboundAssistantId);
	});

	it('applies the Limit on the client', async () => {
		const result = await kit().run({
			resource: 'assistant',
			operation: 'getAllOutbound',
			returnAll: false,
			limit: 1,
		});
		expect(result.output).toHaveLength(1);
		expect((await kit().requests())[0].query).toEqual({});
	});
});
