import { describeTokenNeverShown, expectPairedWith, only } from '../kit';
import { ALICE, kit, run, json } from './setup';

describe('Phone Number → Get Many', () => {
	it('reads GET /api/user/phone-numbers/all and outputs one item per number', async () => {
		const result = await run('getAll', { returnAll: true });
		await kit().expectSentOnce(result, 'GET /api/user/phone-numbers/all', {
			query: {},
			body: null,
		});
		expect(json(result).map((number) => number.id)).toEqual(ALICE.phoneNumberIds);
		expect(json(result)[0]).toMatchObject({
			phone_number: '+14155550101',
			country_code: 'US',
			sms_capable: true,
			has_active_subscription: true,
		});
		expectPairedWith(result, [0, 0, 0]);
	});

	it('applies the Limit to the whole list without sending paging parameters', async () => {
		const result = await run('getAll', { returnAll: false, limit: 2 });
		expect(json(result).map((number) => number.id)).toEqual([11, 12]);
		expect(only(await kit().requests()).query).toEqual({});
	});

	it('checks the Limit as the paged lists do: a whole number of at least 1, numeric text from an expression accepted', async () => {
		const zero = await run('getAll', { returnAll: false, limit: 0 });
		expect(zero.error?.message).toBe(
			'Limit (limit) must be a whole number from 1 to 9007199254740991, got 0',
		);
		const notANumber = await run('getAll', { returnAll: false, limit: '={{ true }}' });
		expect(notANumber.error?.message).toBe(
			'Limit (limit) must be a whole number from 1 to 9007199254740991, got true',
		);
		// A bad Limit is caught before the list is requested.
		expect(await kit().requests()).toHaveLength(0);
		const fromText = await run('getAll', { returnAll: false, limit: '={{ "2" }}' });
		expect(fromText.error).toBeUndefined();
		expect(json(fromText).map((number) => number.id)).toEqual([11, 12]);
	});
});

describeTokenNeverShown(kit);
