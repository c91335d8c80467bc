/** A conversation in the shape the conversations list and get return. */
import type { Conversation } from '../../model/messaging';
import type { State } from '../../model/store';
import { roundAmount, sqlDate } from '../formats';

export function conversationRecord(s: State, c: Conversation): Record<string, unknown> {
	const a = s.assistants.get(c.assistant_id);
	const out: Record<string, unknown> = {
		id: c.uuid,
		assistant_id: a?.uuid ?? null,
		assistant_name: a?.name ?? null,
		type: c.type,
		variables: c.variables,
	};
	if (c.type === 'api') out.external_identifier = c.external_identifier;
	Object.assign(out, {
		message_count: c.message_count,
		total_cost: roundAmount(c.total_cost),
		ai_enabled: c.ai_enabled,
		created_at: sqlDate(c.created_at),
		updated_at: sqlDate(c.updated_at),
	});
	if (c.type === 'whatsapp') {
		const sender = c.sender_id !== null ? s.senders.get(c.sender_id) : undefined;
		out.whatsapp_sender = {
			name: sender?.display_name ?? null,
			phone: sender?.phone_number ?? null,
		};
		out.customer = { name: c.customer_name, phone: c.customer_phone };
	}
	return out;
}
