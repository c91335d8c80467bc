import { useDrivenKit, v2Runner } from '../kit';

export const kit = useDrivenKit();

export const runV2 = v2Runner(kit);

export const SIP = '/api/user/phone-numbers/sip-trunks';

/** The node's parameters for the trunk the service receives as NUMBER_TRUNK_BODY. */
export const trunkParameters = {
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
export async function seedExtensionTrunk(phoneNumber: string, extra: Record<string, unknown> = {}) {
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
