import { describeTokenNeverShown, expectMiddleItemRefused, items, only } from '../kit';
import { E164, kit, run, json } from './setup';

describe('Phone Number → Search Available', () => {
	it('sends country_code and contains, and outputs one item per available number', async () => {
		const result = await run('search', { countryCode: 'US', contains: '415', returnAll: true });
		await kit().expectSentOnce(result, 'GET /api/user/phone-numbers/search', {
			query: { country_code: 'US', contains: '415' },
		});
		expect(result.output.length).toBeGreaterThan(1);
		for (const number of json(result)) {
			expect(number).toMatchObject({
				country_code: 'US',
				phone_number: expect.stringMatching(E164),
				price: expect.any(Number),
			});
			expect(String(number.phone_number)).toContain('415');
		}
	});

	it('defaults to DE without contains, and applies the Limit locally', async () => {
		const result = await run('search', { limit: 3 });
		expect(only(await kit().requests()).query).toEqual({ country_code: 'DE' });
		expect(json(result)).toHaveLength(3);
		expect(json(result).every((number) => number.country_code === 'DE')).toBe(true);
	});

	it.each([
		[
			'contains with letters',
			{ contains: '030abc' },
			/Contains \(contains\) must be digits only, at most 10/,
		],
		[
			'contains longer than 10 digits',
			{ contains: '12345678901' },
			/Contains \(contains\) must be digits only, at most 10/,
		],
		[
			'an unsupported country',
			{ countryCode: '={{ "FR" }}' },
			/Country \(country_code\) must be one of "DE", "US"/,
		],
	])('fails the item on %s and sends nothing', async (_case, parameters, message) => {
		const result = await run('search', parameters);
		expect(result.error?.message).toMatch(message);
		expect(await kit().requests()).toEqual([]);
	});

	it('with Continue On Fail, searches for the good items and returns the bad one as an error item', async () => {
		const input = items({ digits: '30' }, { digits: '+4930' }, { digits: '89' });
		const result = await run(
			'search',
			{ contains: '={{ $json.digits }}', limit: 1 },
			{ continueOnFail: true, input },
		);
		expectMiddleItemRefused(result, /contains/);
		expect((await kit().requests()).map((entry) => entry.query.contains)).toEqual(['30', '89']);
	});
});

describeTokenNeverShown(kit);
