import type { INodeListSearchResult } from 'n8n-workflow';
import { runLoadMethodOf } from '../../harness/engine';
import { NUMBER_TRUNK_BODY } from '../helpers/sipTrunks';
import {
	expectFailedBeforeSending,
	items,
	jsonOf,
	locator,
	only,
	useKit,
	visibleText,
	v2Runner,
} from './kit';

const kit = useKit();

const runV2 = v2Runner(kit);

const SIP = '/api/user/phone-numbers/sip-trunks';

/** The node's parameters for the trunk the service receives as NUMBER_TRUNK_BODY. */
const trunkParameters = {
	sipTrunkType: 'number',
	phoneNumber: '+493055501234',
	sipUsername: 'alice-sip',
	sipPassword: 'secret-pw',
	sipAddress: 'sip.provider.com',
	sipCallingFormat: '+e164',
	inboundAuthorizationType: 'auth',
	countryCode: 'de',
};

/** Creates an extension trunk on the PBX straight through the sandbox's API (not through the node). */
async function seedExtensionTrunk(phoneNumber: string, extra: Record<string, unknown> = {}) {
	return await kit().api('POST', SIP, {
		sip_trunk_type: 'extension',
		phone_number: phoneNumber,
		...extra,
		sip_username: 'ext',
		sip_password: 'pw1',
		sip_address: 'pbx.example.com',
		sip_calling_format: 'national',
		inbound_authorization_type: 'auth',
		country_code: 'DE',
	});
}

describe('SIP Trunk', () => {
	it('creates with every field typed as the service wants, and outputs the trunk', async () => {
		const result = await runV2('sipTrunk', 'create', {
			...trunkParameters,
			additionalFields: { nickname: 'PBX', outboundProxy: true },
		});
		expect(result.error).toBeUndefined();
		const request = only(await kit().requests());
		expect(request).toMatchObject({ method: 'POST', path: SIP, status: 201 });
		expect(request.body).toEqual({ ...NUMBER_TRUNK_BODY, nickname: 'PBX', outbound_proxy: true });
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: expect.any(Number),
				nickname: 'PBX',
				inbound_trunk_id: expect.stringMatching(/^ST_/),
			}),
		]);
		expect(visibleText(result)).not.toContain('secret-pw');
	});

	it.each([
		['a number trunk without E.164', { phoneNumber: '030 555' }, 'phone_number'],
		[
			'an extension over 15 characters',
			{ sipTrunkType: 'extension', phoneNumber: '1234567890123456' },
			'phone_number',
		],
		['a short username', { sipUsername: 'ab' }, 'sip_username'],
		['an address with a port', { sipAddress: 'sip.provider.com:5060' }, 'sip_address'],
		[
			'IP authorization without IPs',
			{ inboundAuthorizationType: 'ip', allowedInboundIps: '' },
			'allowed_inbound_ips',
		],
		[
			'an invalid IP',
			{ inboundAuthorizationType: 'ip', allowedInboundIps: '203.0.113.7, 300.1.1.1' },
			'allowed_inbound_ips',
		],
		['a country name instead of a code', { countryCode: 'Germany' }, 'country_code'],
	])('fails on %s before sending', async (_case, parameters, field) => {
		await expectFailedBeforeSending(
			kit(),
			await runV2('sipTrunk', 'create', { ...trunkParameters, ...parameters }),
			field,
		);
	});

	it('gets, lists (Limit), updates only the given fields and deletes through the phone-number endpoint', async () => {
		const created = (await seedExtensionTrunk('1000')).json.data as { id: number };
		await seedExtensionTrunk('1001');
		await kit().clearRequests();
		expect(jsonOf(await runV2('sipTrunk', 'get', { sipTrunkId: locator(created.id) }))).toEqual([
			expect.objectContaining({ id: created.id, phone_number: '1000' }),
		]);
		expect(
			jsonOf(await runV2('sipTrunk', 'getAll', { returnAll: false, limit: 1 })).map(
				(trunk) => trunk.id,
			),
		).toEqual([created.id]);
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
		const deleted = await runV2('sipTrunk', 'delete', { sipTrunkId: locator(created.id) });
		expect(jsonOf(deleted)).toEqual([
			{ id: created.id, deleted: true, message: 'Phone number deleted successfully.' },
		]);
		expect(
			(await kit().requests()).map((request) => [request.method, request.path, request.body]),
		).toEqual([
			['GET', `${SIP}/${created.id}`, null],
			['GET', SIP, null],
			[
				'PUT',
				`${SIP}/${created.id}`,
				{
					nickname: 'Desk',
					inbound_authorization_type: 'ip',
					allowed_inbound_ips: ['2001:db8::1'],
				},
			],
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

	it('maps the 409 of a duplicate trunk, and with Continue On Fail keeps going', async () => {
		await kit().api('POST', SIP, NUMBER_TRUNK_BODY);
		const input = items({ number: '+493055501234' }, { number: '+493055501235' });
		const result = await runV2(
			'sipTrunk',
			'create',
			{ ...trunkParameters, phoneNumber: '={{ $json.number }}' },
			{ input, continueOnFail: true },
		);
		expect(jsonOf(result)[0]).toMatchObject({
			error: expect.stringContaining('already exists'),
			httpCode: 409,
		});
		expect(jsonOf(result)[1]).toMatchObject({ phone_number: '+493055501235' });
	});

	it("the SIP trunk picker lists the account's trunks", async () => {
		await seedExtensionTrunk('1000', { nickname: 'Desk' });
		const result = await runLoadMethodOf<INodeListSearchResult>({
			kind: 'listSearch',
			method: 'searchSipTrunks',
			args: ['desk'],
			credentials: kit().credentials,
			typeVersion: 2,
		});
		expect(result.results).toEqual([
			{ name: '1000 (Desk) @ pbx.example.com', value: expect.stringMatching(/^\d+$/) },
		]);
	});
});

describe('the API token', () => {
	it('never appears in any output item, error message, description or context', () => {
		expect(kit().runs.length).toBeGreaterThan(10);
		for (const result of kit().runs) {
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.alice);
			expect(visibleText(result)).not.toContain(kit().sandbox.tokens.bob);
		}
	});
});
