/** The SIP trunk the node and sandbox suites create: a number (DID) trunk as the service's create endpoint takes it. */
export const NUMBER_TRUNK_BODY = {
	sip_trunk_type: 'number',
	phone_number: '+493055501234',
	sip_username: 'alice-sip',
	sip_password: 'secret-pw',
	sip_address: 'sip.provider.com',
	sip_calling_format: '+e164',
	inbound_authorization_type: 'auth',
	country_code: 'DE',
};
