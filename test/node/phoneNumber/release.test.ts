import { only, jsonOf, locator, describeTokenNeverShown } from '../kit';
import { kit, runV2 } from './setup';

describe('Phone Number → Update, Release', () => {
	it('sends nothing unless Confirm Release is on', async () => {
		const result = await runV2('phoneNumber', 'release', { phoneNumberId: locator(12) });
		await kit().expectFailedBeforeSending(result, 'confirmRelease');
	});

	it("releases once, with the service's message; a second release is refused (400) and never repeated", async () => {
		const result = await runV2('phoneNumber', 'release', {
			phoneNumberId: locator(12),
			confirmRelease: true,
		});
		expect(only(await kit().requests())).toMatchObject({
			method: 'DELETE',
			path: '/api/user/phone-numbers/12',
			status: 200,
		});
		expect(jsonOf(result)).toEqual([
			{
				id: 12,
				released: true,
				message:
					'Phone number released successfully. It will be removed at the end of the billing period.',
			},
		]);
		const again = await runV2('phoneNumber', 'release', {
			phoneNumberId: locator(12),
			confirmRelease: true,
		});
		expect(again.error?.message).toMatch(/400.*already scheduled for release/);
		await kit().fault({
			method: 'DELETE',
			path: '/api/user/phone-numbers/13',
			kind: 'reset',
			count: 1,
		});
		await kit().clearRequests();
		const unclear = await runV2('phoneNumber', 'release', {
			phoneNumberId: locator(13),
			confirmRelease: true,
		});
		expect(unclear.error).toBeDefined();
		expect(await kit().requests('/api/user/phone-numbers/13')).toHaveLength(1);
	});
});

describeTokenNeverShown(kit);
