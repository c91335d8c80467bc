import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	E164_PATTERN,
	checkBoolean,
	checkMaxLength,
	checkOneOf,
	checkPattern,
	invalid,
	type FieldName,
} from '../../validation';

/**
 * The SIP trunk fields of https://docs.famulor.de/en/api-reference/sip-trunks/create and their rules,
 * shared by Create (where most are required) and Update (where all are optional).
 */

export const CALLING_FORMATS = ['+e164', 'e164', 'national'] as const;
export const AUTHORIZATION_TYPES = ['auth', 'ip'] as const;
export const MAX_NICKNAME_LENGTH = 50;

/** A host name or IP address, without scheme, port or path. */
const HOST =
	/^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;

export const callingFormatProperty: INodeProperties = {
	displayName: 'Calling Format',
	name: 'sipCallingFormat',
	type: 'options',
	options: [
		{ name: '+E.164 (e.g. +4930123456)', value: '+e164' },
		{ name: 'E.164 Without Plus (e.g. 4930123456)', value: 'e164' },
		{ name: 'National (e.g. 030123456)', value: 'national' },
	],
	default: '+e164',
	description: 'How numbers are written towards the SIP provider',
};

export const authorizationProperty: INodeProperties = {
	displayName: 'Inbound Authorization',
	name: 'inboundAuthorizationType',
	type: 'options',
	options: [
		{
			name: 'Username and Password',
			value: 'auth',
			description: 'Inbound calls authenticate with the SIP username and password',
		},
		{
			name: 'IP Addresses',
			value: 'ip',
			description: 'Inbound calls are accepted from the allowed IP addresses',
		},
	],
	default: 'auth',
};

export const allowedIpsProperty: INodeProperties = {
	displayName: 'Allowed Inbound IPs',
	name: 'allowedInboundIps',
	type: 'string',
	default: '',
	placeholder: '203.0.113.7, 203.0.113.8',
	description:
		'IP addresses inbound calls may come from, separated by commas; at least one when the authorization is by IP',
};

export const countryCodeProperty: INodeProperties = {
	displayName: 'Country Code',
	name: 'countryCode',
	type: 'string',
	default: '',
	placeholder: 'DE',
	description: 'Two-letter country code (ISO 3166-1 alpha-2) of the number, e.g. DE, US, GB',
};

function isIpAddress(text: string): boolean {
	if (IPV4.test(text)) return true;
	if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':') || text.split('::').length > 2)
		return false;
	const groups = text.split(':').filter((group) => group !== '');
	return (
		groups.length <= 8 &&
		groups.every(
			(group, index) =>
				/^[0-9A-Fa-f]{1,4}$/.test(group) || (index === groups.length - 1 && IPV4.test(group)),
		)
	);
}

/**
 * A number trunk's number is E.164; an extension has 1–15 characters. On update the type is not
 * known, so a leading + means E.164 (the update page's 1–15 characters cannot hold every E.164 number).
 */
function readTrunkNumber(
	this: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	trunkType: 'extension' | 'number' | undefined,
): string {
	const label = { label: 'Phone Number', field: 'phone_number' };
	const text = String(value ?? '').trim();
	if (trunkType === 'number' || (trunkType === undefined && text.startsWith('+'))) {
		return checkPattern.call(
			this,
			itemIndex,
			label,
			text,
			E164_PATTERN,
			'in E.164 format such as +4930123456',
		);
	}
	return checkPattern.call(
		this,
		itemIndex,
		label,
		text,
		/^.{1,15}$/su,
		'an extension of 1 to 15 characters such as 1000',
	);
}

/** Reads and checks the SIP fields present in `values` (parameter name → value) into the API body. */
export function readSipFields(
	this: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	trunkType?: 'extension' | 'number',
): IDataObject {
	const body: IDataObject = {};
	const name = (label: string, field: string): FieldName => ({ label, field });
	const given = (key: string): boolean => values[key] !== undefined;
	if (given('phoneNumber'))
		body.phone_number = readTrunkNumber.call(this, itemIndex, values.phoneNumber, trunkType);
	if (given('nickname')) {
		const text = String(values.nickname ?? '').trim();
		body.nickname =
			text === ''
				? null
				: checkMaxLength.call(
						this,
						itemIndex,
						name('Nickname', 'nickname'),
						text,
						MAX_NICKNAME_LENGTH,
					);
	}
	if (given('sipUsername')) {
		body.sip_username = checkPattern.call(
			this,
			itemIndex,
			name('SIP Username', 'sip_username'),
			values.sipUsername,
			/^.{3,128}$/s,
			'3 to 128 characters',
		);
	}
	if (given('sipPassword')) {
		const password = String(values.sipPassword ?? '');
		if ([...password].length < 3)
			throw invalid.call(
				this,
				itemIndex,
				name('SIP Password', 'sip_password'),
				'must be at least 3 characters',
			);
		body.sip_password = password;
	}
	if (given('sipAddress')) {
		body.sip_address = checkPattern.call(
			this,
			itemIndex,
			name('SIP Server Address', 'sip_address'),
			values.sipAddress,
			HOST,
			'a host name without scheme or port, such as sip.provider.com',
		);
	}
	if (given('sipCallingFormat'))
		body.sip_calling_format = checkOneOf.call(
			this,
			itemIndex,
			name('Calling Format', 'sip_calling_format'),
			values.sipCallingFormat,
			CALLING_FORMATS,
		);
	if (given('inboundAuthorizationType')) {
		body.inbound_authorization_type = checkOneOf.call(
			this,
			itemIndex,
			name('Inbound Authorization', 'inbound_authorization_type'),
			values.inboundAuthorizationType,
			AUTHORIZATION_TYPES,
		);
	}
	if (given('allowedInboundIps')) {
		const label = name('Allowed Inbound IPs', 'allowed_inbound_ips');
		const ips = String(values.allowedInboundIps ?? '')
			.split(',')
			.map((ip) => ip.trim())
			.filter((ip) => ip !== '');
		const bad = ips.find((ip) => !isIpAddress(ip));
		if (bad !== undefined)
			throw invalid.call(
				this,
				itemIndex,
				label,
				`must list valid IP addresses, got "${bad.slice(0, 40)}"`,
			);
		if (ips.length > 0) body.allowed_inbound_ips = ips;
	}
	if (body.inbound_authorization_type === 'ip' && body.allowed_inbound_ips === undefined) {
		throw invalid.call(
			this,
			itemIndex,
			name('Allowed Inbound IPs', 'allowed_inbound_ips'),
			'must list at least one IP address when Inbound Authorization is "IP Addresses"',
		);
	}
	if (given('countryCode')) {
		body.country_code = checkPattern.call(
			this,
			itemIndex,
			name('Country Code', 'country_code'),
			String(values.countryCode ?? '').toUpperCase(),
			COUNTRY_CODE,
			'a two-letter country code such as DE',
		);
	}
	if (given('outboundProxy'))
		body.outbound_proxy = checkBoolean.call(
			this,
			itemIndex,
			name('Outbound Proxy', 'outbound_proxy'),
			values.outboundProxy,
		);
	return body;
}
