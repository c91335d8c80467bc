import { describeTokenNeverShown, jsonOf } from '../kit';
import { kit, runV2, SIP, seedExtensionTrunk } from './setup';

describe('SIP Trunk', () => {
	// Split from the get / list / update / delete round trip; each operation has its own file.
	it('lists (Limit)', async () => {
		const created = (await seedExtensionTrunk('1000')).json.data as { id: number };
		await seedExtensionTrunk('1001');
		await kit().clearRequests();
		expect(
			jsonOf(await runV2('sipTrunk', 'getAll', { returnAll: false, limit: 1 })).map(
				(trunk) => trunk.id,
			),
		).toEqual([created.id]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([['GET', SIP, null]]);
	});
});

describeTokenNeverShown(kit);
