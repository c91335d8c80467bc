import { NUMBER_TRUNK_BODY } from '../../helpers/sipTrunks';
import { describeTokenNeverShown, items, jsonOf, visibleText } from '../kit';
import { kit, runV2, SIP, trunkParameters } from './setup';

describe('SIP Trunk', () => {
	it('creates with every field typed as the service wants, and outputs the trunk', async () => {
		const result = await runV2('sipTrunk', 'create', {
			...trunkParameters,
			additionalFields: { nickname: 'PBX', outboundProxy: true },
		});
		const request = await kit().expectSentOnce(result, `POST ${SIP}`, { status: 201 });
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
		await kit().expectFailedBeforeSending(
			await runV2('sipTrunk', 'create', { ...trunkParameters, ...parameters }),
			field,
		);
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
});

describeTokenNeverShown(kit);
