/** A phone number in the shape the service returns. */
import type { PhoneNumber } from '../../model/phoneNumbers';
import { iso6 } from '../formats';

export function phoneNumberRecord(p: PhoneNumber): Record<string, unknown> {
	return {
		id: p.id,
		phone_number: p.phone_number,
		nickname: p.nickname,
		country_code: p.country_code,
		type: p.type,
		type_label: p.type_label,
		sms_capable: p.sms_capable,
		region: p.region,
		has_active_subscription: p.has_active_subscription,
		created_at: iso6(p.created_at),
	};
}
