/**
 * Seeded conversations: 40 of alice (test, widget, WhatsApp with the open- and expired-window customers,
 * api with external identifiers) and 4 of bob.
 */
import type { Conversation } from '../model/messaging';
import type { State } from '../model/store';
import { SEED } from './facts';
import { seededTurns } from '../domain/messaging/chatTurn';

export function seedConversations(state: State, now: number): void {
	const H = 3600_000;
	const A = SEED.alice.userId;
	const B = SEED.bob.userId;
	const ago = (h: number): number => now - h * H;
	// conversations: 40 for alice, created oldest first (seq order = creation order)
	const alice = SEED.alice;
	const types: Conversation['type'][] = ['test', 'widget', 'whatsapp', 'api'];
	const waCustomers = [
		{ phone: '+4917611110001', name: 'Jonas Weber' },
		{ phone: '+4917611110002', name: 'Lea Schmidt' },
		{ phone: '+4917611110003', name: 'Paul Fischer' },
	];
	let apiIdx = 0;
	let waIdx = 0;
	for (let i = 0; i < 40; i++) {
		const type = types[i % 4];
		const created = ago(24 * 40 - i * 12);
		const base = {
			user_id: A,
			assistant_id: type === 'whatsapp' ? 104 : alice.assistantIds[i % 3],
			type,
			variables: i % 5 === 0 ? null : { source: type, index: i },
			external_identifier: null as string | null,
			message_count: 2 + (i % 7),
			total_cost: Math.round(0.01 * (2 + (i % 7)) * 1000) / 1000,
			ai_enabled: true,
			sender_id: null as number | null,
			customer_name: null as string | null,
			customer_phone: null as string | null,
			last_customer_message_at: null as number | null,
			messages: seededTurns(2 + (i % 7), created),
			created_at: created,
			updated_at: created + 600_000,
		};
		if (type === 'api') {
			base.external_identifier = alice.apiExternalIdentifiers[apiIdx++];
		}
		if (type === 'whatsapp') {
			// the last two whatsapp conversations are the open-window and expired-window customers
			let cust = waCustomers[waIdx % waCustomers.length];
			let senderId = waIdx % 2 === 0 ? 71 : 72;
			let last = created + 300_000;
			if (waIdx === 8) {
				cust = alice.expiredWindowCustomer;
				senderId = 71;
				last = ago(30);
			} else if (waIdx === 9) {
				cust = alice.openWindowCustomer;
				senderId = 71;
				last = ago(1);
			}
			base.sender_id = senderId;
			base.customer_name = cust.name;
			base.customer_phone = cust.phone;
			base.last_customer_message_at = last;
			base.messages = [
				{ role: 'user', content: 'Hallo, ich habe eine Frage.', at: last, direction: 'inbound' },
			];
			base.message_count = base.messages.length;
			if (waIdx >= 8) base.updated_at = last;
			waIdx++;
		}
		state.addConversation(base);
	}
	// bob
	const bobTypes: Conversation['type'][] = ['test', 'api', 'whatsapp', 'widget'];
	bobTypes.forEach((type, i) => {
		const created = ago(24 * 5 - i);
		state.addConversation({
			user_id: B,
			assistant_id: 201,
			type,
			variables: null,
			external_identifier: type === 'api' ? 'bob-ext-1' : null,
			message_count: 2,
			total_cost: 0.02,
			ai_enabled: true,
			sender_id: type === 'whatsapp' ? 81 : null,
			customer_name: type === 'whatsapp' ? SEED.bob.openWindowCustomer.name : null,
			customer_phone: type === 'whatsapp' ? SEED.bob.openWindowCustomer.phone : null,
			last_customer_message_at: type === 'whatsapp' ? ago(2) : null,
			messages: seededTurns(2, created),
			created_at: created,
			updated_at: created,
		});
	});
}
