/** Phone numbers beyond the seed: the nickname, and the release (a dedicated number at the end of its billing period; SIP and caller-ID numbers at once). */
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context';
import { body, params } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import type { PhoneNumber } from '../../model/phoneNumbers';
import { recordById } from '../../domain/tenancy';
import { checkValue } from '../../domain/validation';

/** Subscriptions renew every 30 days from the purchase. */
const BILLING_PERIOD_MS = 30 * 24 * 3600_000;

function billingPeriodEnd(phone: PhoneNumber, now: number): number {
	const periods = Math.floor((now - phone.created_at) / BILLING_PERIOD_MS) + 1;
	return phone.created_at + periods * BILLING_PERIOD_MS;
}

/** Removes the number: assistants lose it, campaigns drop it from their rotation, calls stay. */
function removeNumber(sb: Sandbox, phone: PhoneNumber): void {
	sb.state.phoneNumbers.delete(phone.id);
	sb.state.sipTrunks.delete(phone.id);
	sb.state.releaseScheduled.delete(phone.id);
	for (const assistant of sb.state.assistants.values())
		if (assistant.phone_number_id === phone.id) assistant.phone_number_id = null;
	for (const campaign of sb.state.campaigns.values())
		campaign.phone_number_ids = campaign.phone_number_ids.filter((id) => id !== phone.id);
}

export function registerPhoneNumberChangeRoutes(app: FastifyInstance, sb: Sandbox): void {
	const owned = (userId: number, id: unknown): PhoneNumber | undefined => {
		const phone = recordById(sb.state.phoneNumbers, id);
		return phone && phone.user_id === userId ? phone : undefined;
	};

	app.put('/api/user/phone-numbers/:id', async (req, reply) => {
		const phone = owned(userOf(req).id, params(req).id);
		if (!phone) return send(reply, 404, { error: 'Phone number not found.' });
		const b = body(req);
		const message = checkValue(
			'nickname',
			b.nickname,
			['nullable', 'string', 'max:50'],
			b.nickname !== undefined,
		);
		if (message) {
			const shown = message.includes('greater than')
				? 'The nickname must not exceed 50 characters.'
				: message;
			return laravel422(reply, { nickname: [shown] });
		}
		if (b.nickname !== undefined)
			phone.nickname = b.nickname === '' ? null : (b.nickname as string | null);
		return send(reply, 200, {
			message: 'Phone number updated successfully.',
			data: {
				id: phone.id,
				phone_number: phone.phone_number,
				nickname: phone.nickname,
				country_code: phone.country_code,
				type: phone.type,
			},
		});
	});

	app.delete('/api/user/phone-numbers/:id', async (req, reply) => {
		const phone = owned(userOf(req).id, params(req).id);
		if (!phone) return send(reply, 404, { error: 'Phone number not found.' });
		if (phone.type !== 'normal') {
			removeNumber(sb, phone);
			return send(reply, 200, { message: 'Phone number deleted successfully.' });
		}
		if (sb.state.releaseScheduled.has(phone.id))
			return send(reply, 400, { error: 'Phone number is already scheduled for release.' });
		sb.state.releaseScheduled.add(phone.id);
		phone.has_active_subscription = false;
		const state = sb.state;
		sb.schedule(billingPeriodEnd(phone, sb.now()) - sb.now(), () => {
			if (sb.state === state && state.phoneNumbers.get(phone.id) === phone) removeNumber(sb, phone);
		});
		return send(reply, 200, {
			message:
				'Phone number released successfully. It will be removed at the end of the billing period.',
		});
	});
}
