/** Seeded assistants: alice's 101–104 (inbound, outbound, reminder, chat) and bob's 201. */
import { withAssistantDefaults, type Assistant } from '../model/assistants';
import type { State } from '../model/store';
import { SEED } from './facts';

export function seedAssistants(state: State, now: number): void {
	const H = 3600_000;
	const A = SEED.alice.userId;
	const B = SEED.bob.userId;
	const ago = (h: number): number => now - h * H;
	const assistants: Assistant[] = [
		withAssistantDefaults(now, {
			id: 101,
			user_id: A,
			name: 'Support Hotline',
			type: 'inbound',
			phone_number_id: 11,
			language_id: 1,
			voice_id: 1003,
			timezone: 'America/New_York',
			initial_message: 'Hello, this is support. How can I help?',
			system_prompt:
				'You are the friendly support agent of Example Corp. Always ask for the order number.',
			tool_ids: [31, 33],
			fillers: true,
			label_ids: [95],
			post_call_schema: [
				{ name: 'summary', type: 'string', description: 'Short summary of the call' },
				{
					name: 'order_number',
					type: 'string',
					description: 'Order number mentioned by the caller',
				},
				{ name: 'resolved', type: 'bool', description: 'Whether the issue was resolved' },
			],
			created_at: ago(24 * 40),
			updated_at: ago(24 * 5),
		}),
		withAssistantDefaults(now, {
			id: 102,
			user_id: A,
			name: 'Sales Outreach',
			type: 'outbound',
			phone_number_id: 12,
			initial_message: 'Guten Tag, hier ist Lisa von Example.',
			system_prompt:
				'Du bist Lisa, eine Vertriebsassistentin von Example GmbH. Qualifiziere Leads für das Premium-Paket.',
			tool_ids: [32],
			record: true,
			variables: { company: 'Example GmbH' },
			folder_id: 91,
			label_ids: [95],
			post_call_schema: [
				{ name: 'customer_name', type: 'string', description: 'Name of the customer' },
				{ name: 'interested', type: 'bool', description: 'Customer is interested' },
				{ name: 'budget', type: 'number', description: 'Budget in EUR' },
			],
			created_at: ago(24 * 30),
			updated_at: ago(24 * 3),
		}),
		withAssistantDefaults(now, {
			id: 103,
			user_id: A,
			name: 'Appointment Reminder',
			type: 'outbound',
			status: 'inactive',
			knowledgebase_id: 51,
			system_prompt: 'You remind patients of their appointments at the Example dental clinic.',
			post_call_schema: [
				{ name: 'confirmed', type: 'boolean', description: 'Appointment confirmed' },
			],
			created_at: ago(24 * 20),
			updated_at: ago(24 * 20),
		}),
		withAssistantDefaults(now, {
			id: 104,
			user_id: A,
			name: 'Chat Concierge',
			type: 'inbound',
			language_id: 5,
			system_prompt: 'Du bist der Chat-Concierge von Example. Antworte kurz und freundlich.',
			created_at: ago(24 * 15),
			updated_at: ago(24 * 15),
		}),
		withAssistantDefaults(now, {
			id: 201,
			user_id: B,
			name: 'Bob Outbound',
			type: 'outbound',
			phone_number_id: 21,
			tool_ids: [41],
			system_prompt: "You are Bob's assistant.",
			knowledgebase_id: 61,
			post_call_schema: [{ name: 'summary', type: 'string', description: 'Summary' }],
			created_at: ago(24 * 9),
			updated_at: ago(24 * 9),
		}),
	];
	for (const a of assistants) state.assistants.set(a.id, a);
}
