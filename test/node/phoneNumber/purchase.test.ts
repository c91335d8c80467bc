import { actionNodeDescription } from '../../../harness/engine';
import { describeTokenNeverShown, fieldTypes } from '../kit';
import { kit, run, json } from './setup';

/** Where Phone Number → Purchase buys a number. */
const PURCHASE = '/api/user/phone-numbers/purchase';

describe('Phone Number → Purchase', () => {
	async function searchOne(countryCode = 'US'): Promise<string> {
		const result = await run('search', { countryCode, limit: 1 });
		return String(json(result)[0].phone_number);
	}

	it('buys a number picked from the search results and sends only phone_number', async () => {
		const number = await searchOne();
		await kit().clearRequests();
		const result = await run('purchase', {
			searchCountryCode: 'US',
			phoneNumber: { __rl: true, mode: 'list', value: number },
		});
		const request = await kit().expectSentOnce(result, `POST ${PURCHASE}`, {
			query: {},
			status: 201,
		});
		expect(request.body).toEqual({ phone_number: number });
		expect(fieldTypes(request.body)).toEqual({ phone_number: 'string' });
		expect(json(result)).toEqual([
			{
				message: 'Phone number purchased successfully.',
				data: {
					id: expect.any(Number),
					phone_number: number,
					country_code: 'US',
					type: 'normal',
					sms_capable: true,
				},
			},
		]);
	});

	it("version 2 outputs the bought number's record with the service's message beside it", async () => {
		const number = await searchOne();
		const result = await kit().run(
			{
				resource: 'phoneNumber',
				operation: 'purchase',
				searchCountryCode: 'US',
				phoneNumber: { __rl: true, mode: 'list', value: number },
			} as never,
			{ typeVersion: 2 },
		);
		expect(json(result)).toEqual([
			{
				id: expect.any(Number),
				phone_number: number,
				country_code: 'US',
				type: 'normal',
				sms_capable: true,
				message: 'Phone number purchased successfully.',
			},
		]);
	});

	it('accepts a number typed By Number in E.164', async () => {
		const number = await searchOne('GB');
		const result = await run('purchase', {
			phoneNumber: { __rl: true, mode: 'number', value: number },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0].data).toMatchObject({ phone_number: number, country_code: 'GB' });
	});

	it('fails the item on a number that is not E.164 and sends nothing', async () => {
		const result = await run('purchase', {
			phoneNumber: { __rl: true, mode: 'number', value: '={{ "030 1234567" }}' },
		});
		expect(result.error?.message).toMatch(
			/Phone Number \(phone_number\) must be a phone number in E\.164 format/,
		);
		expect(await kit().requests()).toEqual([]);
	});

	it('maps the service refusal of a number that did not come from Search', async () => {
		const result = await run('purchase', {
			phoneNumber: { __rl: true, mode: 'number', value: '+14155559876' },
		});
		expect(result.error?.message).toMatch(
			/400: This phone number is not available for purchase\. Please search for available numbers first\./,
		);
		expect(result.error?.context).toMatchObject({ httpCode: 400 });
	});

	it('maps 402 when the account has no payment method', async () => {
		const number = '+442071234999';
		const result = await run(
			'purchase',
			{ phoneNumber: { __rl: true, mode: 'number', value: number } },
			{ apiToken: kit().sandbox.tokens.bob },
		);
		expect(result.error?.message).toMatch(/402: No payment method found/);
		expect(result.error?.context).toMatchObject({ httpCode: 402 });
	});

	it('never repeats a purchase whose outcome is unknown (500)', async () => {
		const number = await searchOne();
		await kit().clearRequests();
		await kit().fault({ method: 'POST', path: PURCHASE, kind: '500', count: 3 });
		const result = await run('purchase', {
			phoneNumber: { __rl: true, mode: 'list', value: number },
		});
		expect(result.error?.message).toMatch(/500/);
		expect(result.error?.message).toMatch(/not repeated/);
		expect(await kit().requests()).toHaveLength(1);
		await kit().control('DELETE', '/faults');
	});

	it('says in its notice that purchases are non-refundable monthly subscriptions', async () => {
		const { properties: all } = actionNodeDescription();
		const properties = all.filter((property) =>
			property.displayOptions?.show?.operation?.includes('purchase'),
		);
		const notice = properties.find((property) => property.type === 'notice');
		expect(notice?.displayName).toMatch(/monthly/);
		expect(notice?.displayName).toMatch(/non-refundable/);
		const operation = all.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes('phoneNumber'),
		);
		const purchase = operation?.options?.find(
			(option) => 'value' in option && option.value === 'purchase',
		) as { description?: string } | undefined;
		expect(purchase?.description).toMatch(/non-refundable/);
	});
});

describeTokenNeverShown(kit, { title: 'Phone Number: the API token', minRuns: 11 });

describeTokenNeverShown(kit);
