/** Phone numbers of a user, and the SIP settings of those of type sip. */
export interface PhoneNumber {
	id: number;
	user_id: number;
	phone_number: string;
	nickname: string | null;
	country_code: string;
	type: string;
	type_label: string;
	sms_capable: boolean;
	region: string;
	has_active_subscription: boolean;
	created_at: number;
}

/** The SIP settings of a phone number of type sip (its trunks' ids are "ST_…"). */
export interface SipTrunk {
	id: number;
	sip_trunk_type: 'extension' | 'number';
	sip_username: string;
	sip_password: string;
	sip_address: string;
	sip_calling_format: '+e164' | 'e164' | 'national';
	inbound_authorization_type: 'auth' | 'ip';
	allowed_inbound_ips: string[] | null;
	outbound_proxy: boolean;
	inbound_trunk_id: string;
	outbound_trunk_id: string;
	updated_at: number;
}
