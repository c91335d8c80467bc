import { apiGeneration, jsonOf, limitTo, useDrivenKit, V2 } from '../kit';

// Version 2 against the sandbox in current mode.
const kit = useDrivenKit(apiGeneration('current'));

describe('Voice and Model → Get Many', () => {
	it('lists voices of one mode and language, and models of one type', async () => {
		const voices = await kit().run(
			{
				resource: 'voice',
				operation: 'getAll',
				returnAll: true,
				filters: { mode: 'dualplex', languageId: 1 },
			},
			V2,
		);
		expect(jsonOf(voices).map((v) => v.id)).toEqual([1003, 1004]);
		const models = await kit().run(
			{
				resource: 'model',
				operation: 'getAll',
				modelType: 'multimodal',
				...limitTo(1),
			},
			V2,
		);
		expect(jsonOf(models).map((m) => m.id)).toEqual([21]);
		expect((await kit().requests()).map((r) => r.query)).toEqual([
			{ mode: 'dualplex', language_id: '1' },
			{ type: 'multimodal' },
		]);
	});
});
