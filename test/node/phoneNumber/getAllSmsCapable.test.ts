import { only, describeTokenNeverShown } from '../kit';
import { ALICE, kit, run, json } from './setup';

describe('Phone Number → Get Many SMS-Capable', () => {
	it('reads the legacy path /user/phone-numbers (no /api prefix) and outputs only SMS numbers with a subscription', async () => {
		const result = await run('getAllSmsCapable', { returnAll: true });
		expect(result.error).toBeUndefined();
		expect(only(await kit().requests())).toMatchObject({
			method: 'GET',
			path: '/user/phone-numbers',
			query: {},
		});
		expect(json(result).map((number) => number.id)).toEqual([ALICE.smsPhoneNumberId]);
	});
});

describeTokenNeverShown(kit);
