import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchAvailablePhoneNumbers } from '../../../nodes/shared/methods/phoneNumbers';
import { runLoadMethod, withRequestContext } from '../../../harness/engine';
import { only, describeTokenNeverShown } from '../kit';
import { E164, kit, run, json } from './setup';

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

describeTokenNeverShown(kit);
