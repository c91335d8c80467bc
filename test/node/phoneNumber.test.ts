import type {
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
} from 'n8n-workflow';
import { searchAvailablePhoneNumbers } from '../../nodes/shared/methods/phoneNumbers';
import { SEED } from '../../sandbox';
import {
	actionNodeDescription,
	runLoadMethod,
	withRequestContext,
	type NodeRunResult,
} from '../../harness/engine';
import {
	fieldTypes,
	only,
	useKit,
	visibleText,
	expectFailedBeforeSending,
	jsonOf,
	locator,
	describeTokenNeverShown,
	v2Runner,
} from './kit';

const ALICE = SEED.alice;

const E164 = /^\+[1-9]\d{6,14}$/;

const kit = useKit();

async function run(
	operation: string,
	parameters: Record<string, unknown> = {},
	extra: { continueOnFail?: boolean; input?: INodeExecutionData[]; apiToken?: string } = {},
) {
	return await kit().run({ resource: 'phoneNumber', operation, ...parameters } as never, {
		continueOnFail: extra.continueOnFail,
		input: extra.input,
		credentials: extra.apiToken ? { apiToken: extra.apiToken } : undefined,
	});
}

const json = (result: NodeRunResult) => result.output.map((item) => item.json);

const runV2 = v2Runner(kit);

describe('Phone Number → Get Many', () => {
	it('reads GET /api/user/phone-numbers/all and outputs one item per number', async () => {
		const result = await run('getAll', { returnAll: true });
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'GET',
			path: '/api/user/phone-numbers/all',
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
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
		]);
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

describe('Phone Number → Search Available', () => {
	it('sends country_code and contains, and outputs one item per available number', async () => {
		const result = await run('search', { countryCode: 'US', contains: '415', returnAll: true });
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'GET',
			path: '/api/user/phone-numbers/search',
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
		const input = [
			{ json: { digits: '30' } },
			{ json: { digits: '+4930' } },
			{ json: { digits: '89' } },
		];
		const result = await run(
			'search',
			{ contains: '={{ $json.digits }}', limit: 1 },
			{ continueOnFail: true, input },
		);
		expect(result.error).toBeUndefined();
		expect(result.output).toHaveLength(3);
		expect(result.output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(json(result)[1]).toMatchObject({
			error: expect.stringMatching(/contains/),
			httpCode: null,
		});
		expect((await kit().requests()).map((entry) => entry.query.contains)).toEqual(['30', '89']);
	});
});

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
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/user/phone-numbers/purchase',
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
		await kit().fault({
			method: 'POST',
			path: '/api/user/phone-numbers/purchase',
			kind: '500',
			count: 3,
		});
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

describe('Phone Number: "From Search Results" picker (listSearch searchAvailablePhoneNumbers)', () => {
	type Search = (this: ILoadOptionsFunctions, filter?: string) => Promise<INodeListSearchResult>;
	async function pick(
		country: string | undefined,
		filter?: string,
	): Promise<INodeListSearchResult> {
		return await withRequestContext(kit().credentials, async function () {
			const context = Object.assign(Object.create(this) as ILoadOptionsFunctions, {
				getCurrentNodeParameter: (name: string) =>
					name === 'searchCountryCode' ? country : undefined,
			});
			return await (searchAvailablePhoneNumbers as Search).call(context, filter);
		});
	}

	it('searches the chosen country and sends a digit filter as contains; the value is the E.164 number', async () => {
		const found = await pick('US', '415');
		expect(only(await kit().requests()).query).toEqual({ country_code: 'US', contains: '415' });
		expect(found.results.length).toBeGreaterThan(0);
		for (const result of found.results) {
			expect(String(result.value)).toMatch(E164);
			expect(String(result.value)).toContain('415');
			expect(result.name).toMatch(/1\.99\/month, SMS$/);
		}
	});

	it('falls back to DE when no country is known (as in the registered method)', async () => {
		const found = await runLoadMethod<INodeListSearchResult>(
			'listSearch',
			'searchAvailablePhoneNumbers',
			kit().credentials,
		);
		expect(only(await kit().requests()).query).toEqual({ country_code: 'DE' });
		expect(found.results.every((result) => String(result.value).startsWith('+49'))).toBe(true);
	});

	it('a picked number can be purchased', async () => {
		const [first] = (await pick('CA')).results;
		const result = await run('purchase', {
			searchCountryCode: 'CA',
			phoneNumber: { __rl: true, mode: 'list', value: first.value },
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0].data).toMatchObject({ phone_number: first.value, country_code: 'CA' });
	});
});

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
		await expectFailedBeforeSending(
			kit(),
			await runV2('phoneNumber', 'update', {
				phoneNumberId: locator(12),
				nickname: 'x'.repeat(51),
			}),
			'nickname',
		);
	});

	it('sends nothing unless Confirm Release is on', async () => {
		const result = await runV2('phoneNumber', 'release', { phoneNumberId: locator(12) });
		await expectFailedBeforeSending(kit(), result, 'confirmRelease');
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

describe('Phone Number: the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(10);
		for (const result of kit().runs) {
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.alice);
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.bob);
		}
	});
});

describeTokenNeverShown(kit);
