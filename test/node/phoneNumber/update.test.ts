import { jsonOf, locator, describeTokenNeverShown } from '../kit';
import { kit, runV2 } from './setup';

describe('Phone Number → Update, Release', () => {
	it('sets the nickname and clears it with an empty value (null)', async () => {
		const set = await runV2('phoneNumber', 'update', {
			phoneNumberId: locator(12),
			nickname: 'Berlin line',
		});
		expect(jsonOf(set)).toEqual([
			{
				id: 12,
				phone_number: '+493012345670',
				nickname: 'Berlin line',
				country_code: 'DE',
				type: 'normal',
			},
		]);
		await runV2('phoneNumber', 'update', { phoneNumberId: locator(12), nickname: '' });
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([
			['PUT', '/api/user/phone-numbers/12', { nickname: 'Berlin line' }],
			['PUT', '/api/user/phone-numbers/12', { nickname: null }],
		]);
		await kit().clearRequests();
		await kit().expectFailedBeforeSending(
			await runV2('phoneNumber', 'update', {
				phoneNumberId: locator(12),
				nickname: 'x'.repeat(51),
			}),
			'nickname',
		);
	});
});

describeTokenNeverShown(kit);
