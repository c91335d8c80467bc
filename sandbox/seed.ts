/**
 * Fixed demo data of the sandbox. Ids are disjoint between the two users so tenancy tests can
 * cross-try them. Every timestamp is relative to the clock's now() at seeding time.
 */
import { createHash } from 'node:crypto';
import type { WhatsAppTemplate } from './state';

export type UserName = 'alice' | 'bob';

export const TOKENS = {
	alice: 'sbx_alice_4f1c9e2b7a5d3068c1e4',
	bob: 'sbx_bob_9d2e6a1f0c8b7354e2a9',
} as const;

export const CONTROL_TOKEN = 'sbx_control_7e3a5c9f1b2d4086';

export const LANGUAGES = [
	{ id: 1, name: 'English', iso_2: 'en' },
	{ id: 2, name: 'Romanian', iso_2: 'ro' },
	{ id: 3, name: 'French', iso_2: 'fr' },
	{ id: 4, name: 'Spanish', iso_2: 'es' },
	{ id: 5, name: 'German', iso_2: 'de' },
	{ id: 6, name: 'Lithuanian', iso_2: 'lt' },
	{ id: 7, name: 'Italian', iso_2: 'it' },
	{ id: 8, name: 'Arabic', iso_2: 'ar' },
	{ id: 9, name: 'Portuguese', iso_2: 'pt' },
	{ id: 10, name: 'Danish', iso_2: 'da' },
];

export type EngineMode = 'pipeline' | 'multimodal' | 'dualplex';
const TTS_MODES: EngineMode[] = ['pipeline', 'dualplex'];

/** `modes`: the engine modes a voice suits (the voices list filters by it; it is not part of the record). */
export const VOICES = [
	{
		id: 1001,
		name: 'Anna',
		language_id: 5,
		gender: 'female',
		accent: 'German',
		age: 'young',
		modes: TTS_MODES,
	},
	{
		id: 1002,
		name: 'Lukas',
		language_id: 5,
		gender: 'male',
		accent: 'German',
		age: 'middle_aged',
		modes: TTS_MODES,
	},
	{
		id: 1003,
		name: 'Emma',
		language_id: 1,
		gender: 'female',
		accent: 'American',
		age: 'young',
		modes: TTS_MODES,
	},
	{
		id: 1004,
		name: 'James',
		language_id: 1,
		gender: 'male',
		accent: 'British',
		age: 'middle_aged',
		modes: TTS_MODES,
	},
	{
		id: 1005,
		name: 'Chloé',
		language_id: 3,
		gender: 'female',
		accent: null,
		age: null,
		modes: ['pipeline'] as EngineMode[],
	},
	{
		id: 1006,
		name: 'Mateo',
		language_id: 4,
		gender: 'male',
		accent: null,
		age: null,
		modes: ['pipeline'] as EngineMode[],
	},
	{
		id: 1101,
		name: 'Zephyr',
		language_id: 1,
		gender: 'female',
		accent: null,
		age: null,
		modes: ['multimodal'] as EngineMode[],
	},
	{
		id: 1102,
		name: 'Puck',
		language_id: 5,
		gender: 'male',
		accent: null,
		age: null,
		modes: ['multimodal'] as EngineMode[],
	},
].map((v) => ({
	...v,
	preview_url: `https://app.famulor.de/media/public/voices/${v.id}.mp3`,
	synthesizer_provider_id: v.modes.includes('multimodal') ? null : 1,
}));

export const LLM_MODELS = [
	{ id: 1, name: 'gpt-4o' },
	{ id: 2, name: 'gpt-4o-mini' },
	{ id: 3, name: 'gpt-4.1' },
	{ id: 4, name: 'gpt-4.1-mini' },
	{ id: 5, name: 'claude-3-5-sonnet' },
	{ id: 6, name: 'gemini-2.0-flash' },
];
export const MULTIMODAL_MODELS = [
	{ id: 21, name: 'gpt-4o-realtime', code: 'gpt-4o-realtime-preview' },
	{ id: 22, name: 'gemini-2.0-flash-live', code: 'gemini-2.0-flash-live-001' },
];
export const DUALPLEX_MODELS = [
	{ id: 25, name: 'GPT Realtime Dualplex', code: 'gpt-realtime-dualplex' },
];

/** TTS providers and the languages each supports (the list filters by `language_id`). */
export const SYNTHESIZER_PROVIDERS = [
	{ id: 1, name: 'ElevenLabs', code: 'elevenlabs', language_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
	{ id: 2, name: 'Azure', code: 'azure', language_ids: [1, 3, 4, 5, 7] },
	{ id: 3, name: 'Cartesia', code: 'cartesia', language_ids: [1, 5] },
];
/** STT providers (pipeline only). */
export const TRANSCRIBER_PROVIDERS = [
	{ id: 1, name: 'Deepgram', code: 'deepgram', language_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
	{ id: 2, name: 'Azure', code: 'azure', language_ids: [1, 3, 4, 5, 7] },
	{ id: 3, name: 'Gladia', code: 'gladia', language_ids: [1, 3, 5] },
];

export const COLORS = [
	'gray',
	'slate',
	'red',
	'orange',
	'amber',
	'green',
	'teal',
	'blue',
	'purple',
	'pink',
] as const;

export const SUPPORTED_COUNTRIES = [
	'DE',
	'US',
	'CA',
	'GB',
	'AU',
	'IL',
	'PL',
	'FI',
	'NL',
	'DK',
	'IT',
] as const;

export const SEED = {
	tokens: TOKENS,
	controlToken: CONTROL_TOKEN,
	languages: LANGUAGES,
	languageNames: LANGUAGES.map((l) => l.name),
	voiceIds: VOICES.map((v) => v.id),
	llmModels: LLM_MODELS.map((m) => m.name),
	multimodalModels: MULTIMODAL_MODELS.map((m) => m.name),
	supportedCountries: [...SUPPORTED_COUNTRIES],
	alice: {
		userId: 1,
		name: 'Alice Example',
		email: 'alice@example.com',
		balance: 25,
		hasPaymentMethod: true,
		assistantIds: [101, 102, 103, 104],
		inboundAssistantId: 101,
		outboundAssistantId: 102,
		/** outbound, is_webhook_active false, knowledge base attached */
		reminderAssistantId: 103,
		/** chat assistant behind the WhatsApp senders */
		chatAssistantId: 104,
		phoneNumberIds: [11, 12, 13],
		/** SMS-capable with active subscription (the only one listed by legacy GET /user/phone-numbers) */
		smsPhoneNumberId: 11,
		/** not SMS-capable */
		nonSmsPhoneNumberId: 12,
		/** SMS-capable but subscription inactive */
		inactiveSmsPhoneNumberId: 13,
		toolIds: [31, 32, 33],
		/** folder 91 holds assistant 102; label 95 tags 101 and 102, label 96 tags none */
		folderIds: [91, 92],
		labelIds: [95, 96],
		knowledgeBaseId: 51,
		documentIds: [501],
		senders: { online: 71, offline: 72 },
		/** WhatsApp templates: of the online sender 71 (approved with variables, approved without, pending, rejected, the follow-up of example 3) and of the offline sender 72 */
		templates: {
			approved: 7101,
			approvedNoVariables: 7102,
			pending: 7103,
			rejected: 7104,
			followUp: 7105,
			ofOfflineSender: 7201,
		},
		/** the `uuid` of the chat assistant 104, which the chat API takes as assistant_id */
		chatAssistantUuid: uuidFrom('assistant-104'),
		/** customer of the online sender whose 24 h window is open (last inbound message 1 h before seeding) */
		openWindowCustomer: { phone: '+4917612345678', name: 'Max Miller' },
		/** customer of the online sender whose window expired (last inbound 30 h before seeding) */
		expiredWindowCustomer: { phone: '+4917698765432', name: 'Erika Musterfrau' },
		/** a number no sender ever talked to */
		unknownCustomerPhone: '+4915799999999',
		conversationCount: 40,
		/** external identifiers of the seeded api conversations */
		apiExternalIdentifiers: Array.from(
			{ length: 10 },
			(_, i) => `crm-lead-${String(i + 1).padStart(3, '0')}`,
		),
		/** finished calls, newest last: 480310–480339 (see sandbox/callSeed.ts) */
		callIds: Array.from({ length: 30 }, (_, i) => 480310 + i),
		/** completed outbound call of Sales Outreach (102) with evaluation, costs and recording; the id of the docs' example */
		completedCallId: 480337,
		/** the campaign some seeded calls belong to (only known through those calls) */
		campaign: { id: 95, name: 'Autumn Reactivation' },
		/**
		 * 91 draft "Spring Outreach" (assistant 102, leads 911–913 created), 92 stopped "Winter Reminder" (assistant 103, lead 921
		 * completed), 95 completed "Autumn Reactivation" (assistant 102, the campaign of some seeded calls; no leads left)
		 */
		campaignIds: [91, 92, 95],
		draftCampaignId: 91,
		leadIds: [911, 912, 913, 921],
	},
	bob: {
		userId: 2,
		name: 'Bob Example',
		email: 'bob@example.com',
		balance: 10,
		hasPaymentMethod: false,
		assistantIds: [201],
		outboundAssistantId: 201,
		phoneNumberIds: [21],
		toolIds: [41],
		folderIds: [93],
		labelIds: [97],
		knowledgeBaseId: 61,
		documentIds: [601],
		senders: { online: 81 },
		templates: { approved: 8101 },
		openWindowCustomer: { phone: '+4917611112222', name: 'Bobs Kunde' },
		conversationCount: 4,
		callIds: [480390, 480391, 480392],
		/** 96 draft (assistant 201, lead 961) */
		campaignIds: [96],
		leadIds: [961],
	},
};

/** WhatsApp templates per sender, in the states the service reports. */
export function seedTemplates(): WhatsAppTemplate[] {
	return [
		{
			id: 7101,
			sender_id: 71,
			name: 'appointment_reminder',
			language: 'en',
			category: 'utility',
			status: 'approved',
			body_text: 'Hello {{1}}, your appointment is on {{2}} at {{3}}. Reply to change it.',
			variables: ['customer_name', 'date', 'time'],
		},
		{
			id: 7102,
			sender_id: 71,
			name: 'welcome_back',
			language: 'de',
			category: 'marketing',
			status: 'approved',
			body_text: 'Willkommen zurück! Schreiben Sie uns, wie wir helfen können.',
			variables: [],
		},
		{
			id: 7103,
			sender_id: 71,
			name: 'summer_sale',
			language: 'en',
			category: 'marketing',
			status: 'pending',
			body_text: 'Hi {{1}}, our summer sale starts today.',
			variables: ['customer_name'],
		},
		{
			id: 7104,
			sender_id: 71,
			name: 'old_promo',
			language: 'en',
			category: 'marketing',
			status: 'rejected',
			body_text: 'WIN NOW {{1}}!!!',
			variables: ['prize'],
		},
		{
			id: 7105,
			sender_id: 71,
			name: 'follow_up',
			language: 'en',
			category: 'utility',
			status: 'approved',
			body_text: 'Hi {{1}}, thanks for your message! Reply here and we will continue the chat.',
			variables: ['customer_name'],
		},
		{
			id: 7201,
			sender_id: 72,
			name: 'order_update',
			language: 'pt_BR',
			category: 'utility',
			status: 'approved',
			body_text: 'Seu pedido {{1}} foi enviado.',
			variables: ['order_number'],
		},
		{
			id: 8101,
			sender_id: 81,
			name: 'bob_hello',
			language: 'en',
			category: 'utility',
			status: 'approved',
			body_text: 'Hello {{1}}, this is Bob Shop.',
			variables: ['name'],
		},
		{
			id: 8102,
			sender_id: 81,
			name: 'bob_offer',
			language: 'en',
			category: 'marketing',
			status: 'pending',
			body_text: 'Special offer for {{1}}.',
			variables: ['name'],
		},
	];
}

export function uuidFrom(seed: string): string {
	const h = createHash('sha256').update(seed).digest('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Deterministic pseudo random numbers (mulberry32). */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export interface InventoryNumber {
	phone_number: string;
	phone_number_formatted: string;
	country_code: string;
	price: number;
	stripe_price_id: string;
	address_requirements: string;
	sms_capable: boolean;
	region: string;
}

const COUNTRY_PLAN: Record<
	string,
	{ prefixes: string[]; tail: number; price: number; sms: boolean; region: string; address: string }
> = {
	DE: {
		prefixes: ['4930', '4940', '4989', '49221'],
		tail: 7,
		price: 3.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
	US: {
		prefixes: ['1415', '1212', '1305', '1512'],
		tail: 7,
		price: 1.99,
		sms: true,
		region: 'us1',
		address: 'none',
	},
	CA: {
		prefixes: ['1416', '1604', '1514'],
		tail: 7,
		price: 1.99,
		sms: true,
		region: 'us1',
		address: 'none',
	},
	GB: {
		prefixes: ['4420', '44161', '44131'],
		tail: 7,
		price: 2.99,
		sms: true,
		region: 'eu1',
		address: 'none',
	},
	AU: {
		prefixes: ['612', '613', '617'],
		tail: 8,
		price: 5.99,
		sms: true,
		region: 'au1',
		address: 'local',
	},
	IL: {
		prefixes: ['9722', '9723'],
		tail: 7,
		price: 6.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
	PL: {
		prefixes: ['4822', '4812'],
		tail: 7,
		price: 3.49,
		sms: false,
		region: 'eu1',
		address: 'none',
	},
	FI: { prefixes: ['3589'], tail: 7, price: 4.49, sms: false, region: 'eu1', address: 'none' },
	NL: {
		prefixes: ['3120', '3110'],
		tail: 7,
		price: 3.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
	DK: {
		prefixes: ['4532', '4570'],
		tail: 6,
		price: 4.99,
		sms: false,
		region: 'eu1',
		address: 'none',
	},
	IT: {
		prefixes: ['3902', '3906'],
		tail: 7,
		price: 3.99,
		sms: false,
		region: 'eu1',
		address: 'local',
	},
};

export const INVENTORY_PER_COUNTRY = 200;

function formatNumber(cc: string, digits: string, prefix: string): string {
	const country = cc === 'US' || cc === 'CA' ? '1' : prefix.slice(0, 2);
	const rest = digits.slice(country.length);
	if (country === '1') return `+1 ${rest.slice(0, 3)}-${rest.slice(3, 6)}-${rest.slice(6)}`;
	return `+${country} ${rest.slice(0, prefix.length - country.length)} ${rest.slice(prefix.length - country.length)}`;
}

export function generateInventory(): Map<string, InventoryNumber> {
	const inv = new Map<string, InventoryNumber>();
	SUPPORTED_COUNTRIES.forEach((cc, ci) => {
		const plan = COUNTRY_PLAN[cc];
		const rnd = prng(1000 + ci);
		let made = 0;
		while (made < INVENTORY_PER_COUNTRY) {
			const prefix = plan.prefixes[made % plan.prefixes.length];
			let tail = '';
			for (let i = 0; i < plan.tail; i++) tail += String(Math.floor(rnd() * 10));
			const digits = prefix + tail;
			const phone = `+${digits}`;
			if (inv.has(phone)) continue;
			inv.set(phone, {
				phone_number: phone,
				phone_number_formatted: formatNumber(cc, digits, prefix),
				country_code: cc,
				price: plan.price,
				stripe_price_id: `price_sbx_${cc.toLowerCase()}_monthly`,
				address_requirements: plan.address,
				sms_capable: plan.sms,
				region: plan.region,
			});
			made++;
		}
	});
	return inv;
}
