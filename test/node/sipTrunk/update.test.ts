import { describeTokenNeverShown, jsonOf, locator } from '../kit';
import { kit, runV2, SIP, seedExtensionTrunk } from './setup';

describe('SIP Trunk', () => {
	// Split from the get / list / update / delete round trip; each operation has its own file.
	it('updates only the given fields', async () => {
		const created = (await seedExtensionTrunk('1000')).json.data as { id: number };
		await seedExtensionTrunk('1001');
		await kit().clearRequests();
		const updated = await runV2('sipTrunk', 'update', {
			sipTrunkId: locator(created.id),
			updateFields: {
				nickname: 'Desk',
				inboundAuthorizationType: 'ip',
				allowedInboundIps: '2001:db8::1',
			},
		});
		expect(jsonOf(updated)).toEqual([
			expect.objectContaining({
				nickname: 'Desk',
				inbound_authorization_type: 'ip',
				allowed_inbound_ips: ['2001:db8::1'],
			}),
		]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([
			[
				'PUT',
				`${SIP}/${created.id}`,
				{
					nickname: 'Desk',
					inbound_authorization_type: 'ip',
					allowed_inbound_ips: ['2001:db8::1'],
				},
			],
		]);
	});
});

describeTokenNeverShown(kit);
