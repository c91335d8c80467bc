/**
 * POST /api/user/sms: a billed SMS from one of the user's SMS-capable numbers, charged per segment by
 * destination country. Errors are `{message}` with 400 (the page's shape); the page is silent on
 * validation failures (Laravel 422 here) and on an expired subscription (400 with its own message here).
 */
import type { FastifyInstance } from 'fastify';
import { roundAmount } from '../../domain/formats';
import { userOf } from '../context';
import { body } from '../input';
import { laravel422, send } from '../respond';
import type { Sandbox } from '../../model/sandbox';
import { recordById } from '../../domain/tenancy';
import { E164, hasErrors, validate } from '../../domain/validation';

export const SMS_MAX_LENGTH = 300;

/** Price of one segment by the destination's calling code (longest prefix first); EUR, as the page's example. */
const SEGMENT_PRICES: Array<[string, number]> = [
	['+49', 0.09],
	['+44', 0.05],
	['+1', 0.01],
];
const DEFAULT_SEGMENT_PRICE = 0.08;

const GSM7 = /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;

/** 160 GSM-7 characters (153 per part when split), or 70 (67) with any other character. */
export function smsSegments(text: string): number {
	const length = [...text].length;
	const [single, part] = GSM7.test(text) ? [160, 153] : [70, 67];
	return length <= single ? 1 : Math.ceil(length / part);
}

/** "International format … normalised to E.164": spaces, dashes, dots and brackets go, a leading 00 becomes +. */
function normalisePhone(text: string): string {
	const compact = text.replace(/[\s\-.()]/g, '');
	return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

export function registerSmsRoutes(app: FastifyInstance, sb: Sandbox): void {
	app.post('/api/user/sms', async (req, reply) => {
		const user = userOf(req);
		const b = body(req);
		const errors = validate(b, {
			from: ['required', 'integer'],
			to: ['required', 'string'],
			body: ['required', 'string', `max:${SMS_MAX_LENGTH}`],
		});
		if (hasErrors(errors)) return laravel422(reply, errors);
		const to = normalisePhone(b.to as string);
		if (!E164.test(to)) return send(reply, 400, { message: 'Invalid phone number format' });
		const number = recordById(sb.state.phoneNumbers, b.from);
		if (!number || number.user_id !== user.id)
			return send(reply, 400, { message: 'From number not found' });
		if (!number.sms_capable)
			return send(reply, 400, { message: 'Phone number is not SMS-capable' });
		if (!number.has_active_subscription)
			return send(reply, 400, { message: 'Phone number subscription is not active' });
		const text = b.body as string;
		const segments = smsSegments(text);
		const price =
			SEGMENT_PRICES.find(([prefix]) => to.startsWith(prefix))?.[1] ?? DEFAULT_SEGMENT_PRICE;
		const cost = roundAmount(segments * price);
		if (user.balance < cost)
			return send(reply, 400, { message: 'Insufficient balance to send SMS' });
		user.balance = roundAmount(user.balance - cost);
		const sms = {
			sms_id: `SMS_${sb.state.nextSmsId++}`,
			user_id: user.id,
			phone_number_id: number.id,
			from: number.phone_number,
			to,
			body: text,
			segments,
			cost,
			at: sb.now(),
		};
		sb.state.sms.push(sms);
		return send(reply, 200, {
			message: 'SMS sent successfully',
			data: {
				sms_id: sms.sms_id,
				from: sms.from,
				to,
				body: text,
				segments,
				cost,
				currency: 'EUR',
				status: 'sent',
			},
		});
	});
}
