/**
 * SIP trunks: phone numbers of type `sip` with their SIP settings. Creating one provisions an inbound
 * and an outbound trunk (ids "ST_…"); changing the fields that define a trunk re-provisions it (new id).
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { iso6 } from '../formats';
import type { PhoneNumber, SipTrunk } from '../../model/phoneNumbers';
import type { State } from '../../model/store';
import { addError, checkValue, E164, Errors } from '../validation';

/** Which trunk each field re-provisions when it changes. */
const REPROVISIONS: Record<string, Array<'inbound' | 'outbound'>> = {
	sip_username: ['inbound', 'outbound'],
	sip_password: ['inbound', 'outbound'],
	phone_number: ['inbound', 'outbound'],
	sip_address: ['outbound'],
	outbound_proxy: ['outbound'],
	inbound_authorization_type: ['inbound'],
	allowed_inbound_ips: ['inbound'],
};

export function newTrunkId(): string {
	return `ST_${randomBytes(6).toString('hex')}`;
}

/** The trunks a change of these fields re-creates. */
export function reprovisioned(changed: string[]): Set<'inbound' | 'outbound'> {
	return new Set(changed.flatMap((field) => REPROVISIONS[field] ?? []));
}

export function sipRecord(
	phone: PhoneNumber,
	trunk: SipTrunk,
	withTrunkIds: boolean,
): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: phone.id,
		phone_number: phone.phone_number,
		nickname: phone.nickname,
		sip_username: trunk.sip_username,
		sip_address: trunk.sip_address,
		sip_calling_format: trunk.sip_calling_format,
		inbound_authorization_type: trunk.inbound_authorization_type,
		allowed_inbound_ips: trunk.allowed_inbound_ips,
		outbound_proxy: trunk.outbound_proxy,
		country_code: phone.country_code,
	};
	if (withTrunkIds) {
		out.inbound_trunk_id = trunk.inbound_trunk_id;
		out.outbound_trunk_id = trunk.outbound_trunk_id;
	}
	out.created_at = iso6(phone.created_at);
	out.updated_at = iso6(trunk.updated_at);
	return out;
}

/** A host name or IP address without scheme, port or path, e.g. sip.provider.com. */
const HOST =
	/^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const SIP_MESSAGES = {
	addressRequired: 'SIP server address is required.',
	addressHost: 'SIP server address must be a host name without port, e.g. sip.provider.com.',
	callingFormat: 'SIP calling format must be one of: +e164, e164, national.',
	ipsRequired: 'At least one allowed IP address is required when authorization type is "ip".',
};

/**
 * Checks the SIP fields present in `b` (all required on create); `type` is the trunk's type, which
 * decides whether phone_number must be E.164 (number) or 1–15 characters (extension).
 */
export function checkSipFields(
	b: Record<string, unknown>,
	errors: Errors,
	create: boolean,
	type: SipTrunk['sip_trunk_type'] | undefined,
): void {
	const present = (field: string): boolean => b[field] !== undefined;
	const rule = (field: string, rules: string[]): void => {
		const message = checkValue(
			field,
			b[field],
			create && rules.includes('required') ? rules : rules.filter((r) => r !== 'required'),
			present(field),
		);
		if (message) addError(errors, field, message);
	};
	rule('phone_number', ['required', 'string']);
	if (typeof b.phone_number === 'string' && !errors.phone_number) {
		if (type === 'number' && !E164.test(b.phone_number))
			addError(
				errors,
				'phone_number',
				'The phone number must be a valid E.164 number for a trunk of type number.',
			);
		if (type !== 'number' && ([...b.phone_number].length < 1 || [...b.phone_number].length > 15))
			addError(errors, 'phone_number', 'The phone number must be between 1 and 15 characters.');
	}
	rule('nickname', ['nullable', 'string', 'max:50']);
	rule('sip_username', ['required', 'string', 'between:3,128']);
	rule('sip_password', ['required', 'string', 'min:3']);
	if (create || present('sip_address')) {
		if (typeof b.sip_address !== 'string' || b.sip_address.trim() === '')
			addError(errors, 'sip_address', SIP_MESSAGES.addressRequired);
		else if (!HOST.test(b.sip_address)) addError(errors, 'sip_address', SIP_MESSAGES.addressHost);
	}
	if (
		(create || present('sip_calling_format')) &&
		!['+e164', 'e164', 'national'].includes(b.sip_calling_format as string)
	) {
		addError(errors, 'sip_calling_format', SIP_MESSAGES.callingFormat);
	}
	rule('inbound_authorization_type', ['required', 'string', 'in:auth,ip']);
	if (present('allowed_inbound_ips') && b.allowed_inbound_ips !== null) {
		if (!Array.isArray(b.allowed_inbound_ips))
			addError(errors, 'allowed_inbound_ips', 'The allowed inbound ips must be an array.');
		else {
			b.allowed_inbound_ips.forEach((ip: unknown, i: number) => {
				if (typeof ip !== 'string' || isIP(ip) === 0)
					addError(
						errors,
						`allowed_inbound_ips.${i}`,
						`The allowed_inbound_ips.${i} must be a valid IP address.`,
					);
			});
		}
	}
	rule('country_code', ['required', 'string']);
	if (
		typeof b.country_code === 'string' &&
		!errors.country_code &&
		!/^[A-Z]{2}$/.test(b.country_code)
	) {
		addError(
			errors,
			'country_code',
			'The country code must be a two-letter ISO 3166-1 code such as DE.',
		);
	}
	rule('outbound_proxy', ['nullable', 'boolean']);
}

/** IPs the trunk will accept after the change: required (at least one) when the authorization is `ip`. */
export function checkIpsForAuthorization(
	b: Record<string, unknown>,
	errors: Errors,
	current: SipTrunk | undefined,
): void {
	const authorization = (b.inbound_authorization_type ?? current?.inbound_authorization_type) as
		string | undefined;
	if (authorization !== 'ip' || errors.inbound_authorization_type) return;
	const ips =
		b.allowed_inbound_ips !== undefined ? b.allowed_inbound_ips : current?.allowed_inbound_ips;
	if (!Array.isArray(ips) || ips.length === 0)
		addError(errors, 'allowed_inbound_ips', SIP_MESSAGES.ipsRequired);
}

export function sipTrunkOf(
	state: State,
	user: { id: number },
	id: number | undefined,
): { phone: PhoneNumber; trunk: SipTrunk } | undefined {
	if (id === undefined) return undefined;
	const phone = state.phoneNumbers.get(id);
	const trunk = state.sipTrunks.get(id);
	return phone && trunk && phone.user_id === user.id ? { phone, trunk } : undefined;
}
