import { jsonOf, useDrivenKit } from '../kit';

// Version 2 against the sandbox in current mode.
const kit = useDrivenKit({
	api: 'current',
	rateLimits: { generateReply: { limit: 1000, windowMs: 60_000 } },
});

const v2 = { typeVersion: 2 };

describe('Voice and Model → Get Many', () => {
	it('lists voices of one mode and language, and models of one type', async () => {
		const voices = await kit().run(
			{
				resource: 'voice',
				operation: 'getAll',
				returnAll: true,
				filters: { mode: 'dualplex', languageId: 1 },
			},
			v2,
		);
		expect(jsonOf(voices).map((v) => v.id)).toEqual([1003, 1004]);
		const models = await kit().run(
			{
				resource: 'model',
				operation: 'getAll',
				modelType: 'multimodal',
				returnAll: false,
				limit: 1,
			},
			v2,
		);
		expect(jsonOf(models).map((m) => m.id)).toEqual([21]);
		expect((await kit().requests()).map((r) => r.query)).toEqual([
			{ mode: 'dualplex', language_id: '1' },
			{ type: 'multimodal' },
		]);
	});
});
