/** Phone numbers: the user's numbers (all, and the legacy SMS-capable list), the inventory search and purchase. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serves } from '../../domain/assistants/apiGenerations';
import { phoneNumberRecord } from '../../domain/phoneNumbers/phoneNumberRecord';
import { userOf } from '../context';
import { body, query } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import { SUPPORTED_COUNTRIES } from '../../model/catalogues';
import { addError, E164, Errors, hasErrors, validate } from '../../domain/validation';

export function registerPhoneNumberRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.get('/api/user/phone-numbers/all', async (req, reply) => {
		const user = userOf(req);
		const data = [...sb.state.phoneNumbers.values()]
			.filter((p) => p.user_id === user.id)
			.sort((x, y) => x.id - y.id)
			.map(phoneNumberRecord);
		return send(reply, 200, { data });
	});

	const legacyPhones = async (req: FastifyRequest, reply: FastifyReply) => {
		const user = userOf(req);
		const data = [...sb.state.phoneNumbers.values()]
			.filter((p) => p.user_id === user.id && p.sms_capable && p.has_active_subscription)
			.sort((x, y) => x.id - y.id)
			.map(phoneNumberRecord);
		return send(reply, 200, { data });
	};
	// the seed specification (the API docs of February 2026) writes the path without /api; the current docs put it under /api like every other path
	if (serves(sb.opts.api, 'seed')) app.get('/user/phone-numbers', legacyPhones);
	if (serves(sb.opts.api, 'current')) app.get('/api/user/phone-numbers', legacyPhones);

	app.get('/api/user/phone-numbers/search', async (req, reply) => {
		const user = userOf(req);
		const q = query(req);
		const errors: Errors = {};
		const cc =
			q.country_code === undefined || q.country_code === '' ? 'DE' : q.country_code.toUpperCase();
		if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(cc))
			addError(errors, 'country_code', 'The selected country code is invalid.');
		const contains = q.contains ?? '';
		if (contains !== '') {
			if (!/^\d+$/.test(contains))
				addError(errors, 'contains', 'The contains may only contain digits.');
			else if (contains.length > 10)
				addError(errors, 'contains', 'The contains may not be greater than 10 characters.');
		}
		if (hasErrors(errors)) return laravel422(reply, errors);
		const owned = new Set([...sb.state.phoneNumbers.values()].map((p) => p.phone_number));
		const results = [];
		for (const n of sb.state.inventory.values()) {
			if (n.country_code !== cc || owned.has(n.phone_number)) continue;
			if (contains && !n.phone_number.slice(1).includes(contains)) continue;
			results.push(n);
			if (results.length >= 20) break;
		}
		let set = sb.state.searched.get(user.id);
		if (!set) sb.state.searched.set(user.id, (set = new Set()));
		for (const n of results) set.add(n.phone_number);
		return send(reply, 200, {
			data: results.map((n) => ({
				phone_number: n.phone_number,
				phone_number_formatted: n.phone_number_formatted,
				country_code: n.country_code,
				price: n.price,
				stripe_price_id: n.stripe_price_id,
				address_requirements: n.address_requirements,
				sms_capable: n.sms_capable,
			})),
		});
	});

	app.post('/api/user/phone-numbers/purchase', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, { phone_number: ['required', 'string'] });
		if (hasErrors(errors)) return laravel422(reply, errors);
		const phone = b.phone_number as string;
		if (!E164.test(phone))
			return send(reply, 422, {
				error: 'Unable to parse phone number. Please provide a valid E.164 format number.',
			});
		if (!user.hasPaymentMethod) {
			return send(reply, 402, {
				error:
					'No payment method found. Please add a payment method in your account settings before purchasing a phone number.',
			});
		}
		if ([...sb.state.phoneNumbers.values()].some((p) => p.phone_number === phone)) {
			return send(reply, 400, { error: 'This phone number is already in use.' });
		}
		const inv = sb.state.inventory.get(phone);
		if (!inv || !sb.state.searched.get(user.id)?.has(phone)) {
			return send(reply, 400, {
				error:
					'This phone number is not available for purchase. Please search for available numbers first.',
			});
		}
		const rec = {
			id: sb.state.id(),
			user_id: user.id,
			phone_number: phone,
			nickname: null,
			country_code: inv.country_code,
			type: 'normal',
			type_label: 'Dedicated Number',
			sms_capable: inv.sms_capable,
			region: inv.region,
			has_active_subscription: true,
			created_at: sb.now(),
		};
		sb.state.phoneNumbers.set(rec.id, rec);
		sb.state.inventory.delete(phone);
		return send(reply, 201, {
			message: 'Phone number purchased successfully.',
			data: {
				id: rec.id,
				phone_number: rec.phone_number,
				country_code: rec.country_code,
				type: rec.type,
				sms_capable: rec.sms_capable,
			},
		});
	});
}
