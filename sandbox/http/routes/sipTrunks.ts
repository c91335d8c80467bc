/** SIP trunks (phone numbers of type sip): create, list, get, update. They are deleted through the phone-number release. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { userOf } from '../context';
import { body, params } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import { type PhoneNumber, SipTrunk } from '../../model/phoneNumbers';
import {
	checkIpsForAuthorization,
	checkSipFields,
	newTrunkId,
	reprovisioned,
	sipRecord,
	sipTrunkOf,
} from '../../domain/phoneNumbers/sipTrunks';
import { Errors, hasErrors, intParam } from '../../domain/validation';

const PATH = '/api/user/phone-numbers/sip-trunks';

function invalid(reply: FastifyReply, errors: Errors): FastifyReply {
	return laravel422(reply, errors, 'The given data was invalid.');
}

export function registerSipTrunkRoutes(app: FastifyInstance, sb: Sandbox): void {
	const notFound = (reply: FastifyReply) => send(reply, 404, { error: 'SIP trunk not found.' });

	app.post(PATH, async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors: Errors = {};
		const type =
			b.sip_trunk_type === 'extension' || b.sip_trunk_type === 'number'
				? b.sip_trunk_type
				: undefined;
		if (!type)
			errors.sip_trunk_type = [
				b.sip_trunk_type === undefined
					? 'The sip trunk type field is required.'
					: 'The selected sip trunk type is invalid.',
			];
		checkSipFields(b, errors, true, type);
		checkIpsForAuthorization(b, errors, undefined);
		if (hasErrors(errors)) return invalid(reply, errors);
		const duplicate = [...sb.state.sipTrunks.values()].some((t) => {
			const phone = sb.state.phoneNumbers.get(t.id);
			return (
				phone?.user_id === user.id &&
				phone.phone_number === b.phone_number &&
				t.sip_username === b.sip_username &&
				t.sip_address === b.sip_address
			);
		});
		if (duplicate)
			return send(reply, 409, {
				error: 'A SIP trunk with the same phone number, username, and address already exists.',
			});
		const now = sb.now();
		const phone: PhoneNumber = {
			id: sb.state.id(),
			user_id: user.id,
			phone_number: b.phone_number as string,
			nickname: (b.nickname ?? null) as string | null,
			country_code: b.country_code as string,
			type: 'sip',
			type_label: 'SIP Trunk',
			sms_capable: false,
			region: 'eu1',
			has_active_subscription: true,
			created_at: now,
		};
		const trunk: SipTrunk = {
			id: phone.id,
			sip_trunk_type: type!,
			sip_username: b.sip_username as string,
			sip_password: b.sip_password as string,
			sip_address: b.sip_address as string,
			sip_calling_format: b.sip_calling_format as SipTrunk['sip_calling_format'],
			inbound_authorization_type:
				b.inbound_authorization_type as SipTrunk['inbound_authorization_type'],
			allowed_inbound_ips:
				b.inbound_authorization_type === 'ip' ? (b.allowed_inbound_ips as string[]) : null,
			outbound_proxy: b.outbound_proxy === true,
			inbound_trunk_id: newTrunkId(),
			outbound_trunk_id: newTrunkId(),
			updated_at: now,
		};
		sb.state.phoneNumbers.set(phone.id, phone);
		sb.state.sipTrunks.set(phone.id, trunk);
		return send(reply, 201, {
			message: 'SIP trunk created successfully.',
			data: sipRecord(phone, trunk, true),
		});
	});

	app.get(PATH, async (req, reply) => {
		const user = userOf(req);
		const data = [...sb.state.sipTrunks.values()]
			.map((trunk) => sipTrunkOf(sb.state, user, trunk.id))
			.filter((found) => found !== undefined)
			.sort((x, y) => x.phone.id - y.phone.id)
			.map(({ phone, trunk }) => sipRecord(phone, trunk, false));
		return send(reply, 200, { data });
	});

	app.get(`${PATH}/:id`, async (req, reply) => {
		const found = sipTrunkOf(sb.state, userOf(req), intParam(params(req).id));
		if (!found) return notFound(reply);
		return send(reply, 200, { data: sipRecord(found.phone, found.trunk, true) });
	});

	app.put(`${PATH}/:id`, async (req, reply) => {
		const found = sipTrunkOf(sb.state, userOf(req), intParam(params(req).id));
		if (!found) return notFound(reply);
		const { phone, trunk } = found;
		const b = body(req);
		const errors: Errors = {};
		checkSipFields(b, errors, false, trunk.sip_trunk_type);
		checkIpsForAuthorization(b, errors, trunk);
		if (hasErrors(errors)) return invalid(reply, errors);
		const changed = Object.keys(b).filter((field) => {
			const current =
				field === 'phone_number' || field === 'nickname' || field === 'country_code'
					? phone[field]
					: trunk[field as keyof SipTrunk];
			return JSON.stringify(current) !== JSON.stringify(b[field]);
		});
		if (b.phone_number !== undefined) phone.phone_number = b.phone_number as string;
		if (b.nickname !== undefined)
			phone.nickname = (b.nickname === '' ? null : b.nickname) as string | null;
		if (b.country_code !== undefined) phone.country_code = b.country_code as string;
		for (const field of [
			'sip_username',
			'sip_password',
			'sip_address',
			'sip_calling_format',
			'inbound_authorization_type',
			'allowed_inbound_ips',
			'outbound_proxy',
		] as const) {
			if (b[field] !== undefined) Object.assign(trunk, { [field]: b[field] });
		}
		// switching to password authorization clears the IP list
		if (trunk.inbound_authorization_type === 'auth') trunk.allowed_inbound_ips = null;
		const renewed = reprovisioned(changed);
		if (renewed.has('inbound')) trunk.inbound_trunk_id = newTrunkId();
		if (renewed.has('outbound')) trunk.outbound_trunk_id = newTrunkId();
		trunk.updated_at = sb.now();
		return send(reply, 200, {
			message: 'SIP trunk updated successfully.',
			data: sipRecord(phone, trunk, true),
		});
	});
}
