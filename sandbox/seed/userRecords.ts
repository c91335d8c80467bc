/**
 * Seeded records both users own besides assistants: phone numbers, tools, folders and labels, knowledge
 * bases with their documents, and WhatsApp senders with their templates.
 */
import type { Organizer, Tool } from '../model/assistants';
import type { DocumentRec } from '../model/knowledgeBases';
import type { Sender } from '../model/messaging';
import type { PhoneNumber } from '../model/phoneNumbers';
import type { State } from '../model/store';
import { SEED } from './facts';
import { seedTemplates } from './templates';

/** Phone numbers, tools, folders and labels, knowledge bases and documents; timestamps relative to `now`. */
export function seedUserRecords(state: State, now: number): void {
	const H = 3600_000;
	const A = SEED.alice.userId;
	const B = SEED.bob.userId;
	const ago = (h: number): number => now - h * H;
	// phone numbers
	const phones: PhoneNumber[] = [
		{
			id: 11,
			user_id: A,
			phone_number: '+14155550101',
			nickname: 'US support line',
			country_code: 'US',
			type: 'normal',
			type_label: 'Dedicated Number',
			sms_capable: true,
			region: 'us1',
			has_active_subscription: true,
			created_at: ago(24 * 90),
		},
		{
			id: 12,
			user_id: A,
			phone_number: '+493012345670',
			nickname: null,
			country_code: 'DE',
			type: 'normal',
			type_label: 'Dedicated Number',
			sms_capable: false,
			region: 'eu1',
			has_active_subscription: true,
			created_at: ago(24 * 60),
		},
		{
			id: 13,
			user_id: A,
			phone_number: '+14155550133',
			nickname: 'old campaign',
			country_code: 'US',
			type: 'normal',
			type_label: 'Dedicated Number',
			sms_capable: true,
			region: 'us1',
			has_active_subscription: false,
			created_at: ago(24 * 300),
		},
		{
			id: 21,
			user_id: B,
			phone_number: '+442071234567',
			nickname: null,
			country_code: 'GB',
			type: 'normal',
			type_label: 'Dedicated Number',
			sms_capable: true,
			region: 'eu1',
			has_active_subscription: true,
			created_at: ago(24 * 30),
		},
	];
	for (const p of phones) state.phoneNumbers.set(p.id, p);

	const tool = (id: number, user_id: number, name: string, description: string): Tool => ({
		id,
		user_id,
		name,
		description,
		endpoint: `https://hooks.example.com/${name}`,
		method: 'POST',
		timeout: 10,
		headers: [],
		schema: [{ name: 'customer_phone', type: 'string', description: 'Phone number of the caller' }],
		created_at: ago(24 * 50),
		updated_at: ago(24 * 50),
	});
	const tools: Tool[] = [
		tool(31, A, 'calendar_booking', 'Book an appointment in the calendar'),
		tool(32, A, 'crm_integration', 'Look the caller up in the CRM'),
		tool(33, A, 'call_transfer', 'Find the right colleague to transfer to'),
		tool(41, B, 'bob_crm_lookup', "Look the caller up in Bob's CRM"),
	];
	for (const t of tools) state.tools.set(t.id, t);
	const organizers: Array<[Map<number, Organizer>, Organizer]> = [
		[state.folders, { id: 91, user_id: A, name: 'Sales', color: 'blue' }],
		[state.folders, { id: 92, user_id: A, name: 'Archive', color: null }],
		[state.folders, { id: 93, user_id: B, name: 'Bob folder', color: 'red' }],
		[state.labels, { id: 95, user_id: A, name: 'Production', color: 'green' }],
		[state.labels, { id: 96, user_id: A, name: 'Experimental', color: 'amber' }],
		[state.labels, { id: 97, user_id: B, name: 'Bob label', color: null }],
	];
	for (const [map, record] of organizers) map.set(record.id, record);

	state.knowledgeBases.set(51, {
		id: 51,
		user_id: A,
		name: 'Produkt-FAQ',
		description: 'Häufige Fragen zu unseren Produkten',
		created_at: ago(24 * 20),
		updated_at: ago(24 * 2),
	});
	state.knowledgeBases.set(61, {
		id: 61,
		user_id: B,
		name: 'Bob KB',
		description: 'Bob only',
		created_at: ago(24 * 10),
		updated_at: ago(24 * 10),
	});
	const doc = (
		id: number,
		kb: number,
		name: string,
		type: DocumentRec['type'],
		url: string | null,
	): DocumentRec => ({
		id,
		knowledgebase_id: kb,
		name,
		description: null,
		type,
		status: 'active',
		url,
		links: null,
		relative_links_limit: url ? 10 : null,
		file: null,
		failOnProcessing: false,
		created_at: ago(24 * 2),
		updated_at: ago(24 * 2),
	});
	state.documents.set(501, doc(501, 51, 'Website FAQ', 'website', 'https://example.com/faq'));
	state.documents.set(601, doc(601, 61, 'Bob website', 'website', 'https://example.org'));
}

/** WhatsApp senders (of the chat assistants) and their templates. */
export function seedSenders(state: State): void {
	const A = SEED.alice.userId;
	const B = SEED.bob.userId;
	const senders: Sender[] = [
		{
			id: 71,
			user_id: A,
			assistant_id: 104,
			phone_number: '+4915112345671',
			display_name: 'Example Support',
			status: 'online',
			quality_rating: 'GREEN',
			messaging_limit: 1000,
		},
		{
			id: 72,
			user_id: A,
			assistant_id: 104,
			phone_number: '+4915112345672',
			display_name: 'Example Marketing',
			status: 'offline',
			quality_rating: 'YELLOW',
			messaging_limit: null,
		},
		{
			id: 81,
			user_id: B,
			assistant_id: 201,
			phone_number: '+447700900081',
			display_name: 'Bob Shop',
			status: 'online',
			quality_rating: 'GREEN',
			messaging_limit: 250,
		},
	];
	for (const s of senders) state.senders.set(s.id, s);
	for (const t of seedTemplates()) state.templates.set(t.id, t);
}
