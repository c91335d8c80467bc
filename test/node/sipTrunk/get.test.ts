import { describeTokenNeverShown, jsonOf, locator } from '../kit';
import { kit, runV2, SIP, seedExtensionTrunk } from './setup';

describe('SIP Trunk', () => {
	// Split from the get / list / update / delete round trip; each operation has its own file.
	it('gets a trunk by ID', async () => {
		const created = (await seedExtensionTrunk('1000')).json.data as { id: number };
		await seedExtensionTrunk('1001');
		await kit().clearRequests();
		expect(jsonOf(await runV2('sipTrunk', 'get', { sipTrunkId: locator(created.id) }))).toEqual([
			expect.objectContaining({ id: created.id, phone_number: '1000' }),
		]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([['GET', `${SIP}/${created.id}`, null]]);
	});
});

describeTokenNeverShown(kit);
