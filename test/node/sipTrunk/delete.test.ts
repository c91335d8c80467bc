import { describeTokenNeverShown, items, jsonOf, locator } from '../kit';
import { kit, runV2, SIP, seedExtensionTrunk } from './setup';

describe('SIP Trunk', () => {
	// Split from the get / list / update / delete round trip; each operation has its own file.
	it('deletes through the phone-number endpoint', async () => {
		const created = (await seedExtensionTrunk('1000')).json.data as { id: number };
		await seedExtensionTrunk('1001');
		await kit().clearRequests();
		const deleted = await runV2('sipTrunk', 'delete', { sipTrunkId: locator(created.id) });
		expect(jsonOf(deleted)).toEqual([
			{ id: created.id, deleted: true, message: 'Phone number deleted successfully.' },
		]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([
			['GET', `${SIP}/${created.id}`, null],
			['DELETE', `/api/user/phone-numbers/${created.id}`, null],
		]);
	});

	it("Delete refuses a purchased number's ID before anything is deleted, naming Phone Number → Release", async () => {
		const result = await runV2('sipTrunk', 'delete', { sipTrunkId: locator(12) });
		expect(result.error?.message).toBe(
			'SIP Trunk (id) 12 is not a SIP trunk of this account, so nothing was deleted: to release a purchased or caller-ID number use Phone Number → Release',
		);
		expect((await kit().requests()).map((request) => [request.method, request.path])).toEqual([
			['GET', `${SIP}/12`],
		]);
		// The number is still owned and its subscription running.
		const { json } = await kit().api('GET', '/api/user/phone-numbers/all');
		expect(JSON.stringify(json)).toContain('"id":12,');
		expect(JSON.stringify(json)).not.toMatch(/scheduled|released/i);
	});

	it('with Continue On Fail, the purchased number is an error item and the SIP trunk of the next item is deleted', async () => {
		const created = (await seedExtensionTrunk('1000')).json.data as { id: number };
		await kit().clearRequests();
		const result = await runV2(
			'sipTrunk',
			'delete',
			{ sipTrunkId: locator('={{ $json.id }}') },
			{ input: items({ id: 12 }, { id: created.id }), continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ error: expect.stringContaining('Phone Number → Release') }),
			{ id: created.id, deleted: true, message: 'Phone number deleted successfully.' },
		]);
		expect(await kit().requests('/api/user/phone-numbers/12')).toEqual([]);
	});
});

describeTokenNeverShown(kit);
