/** In-memory state of the sandbox and its seeding. */
import { seedCalls } from './callSeed';
import type { Campaign, Lead } from './campaigns';
import { seedCampaigns } from './campaignSeed';
import type { SipTrunk } from './sipTrunks';
import {
	EngineMode,
	generateInventory,
	seedTemplates,
	InventoryNumber,
	LANGUAGES,
	LLM_MODELS,
	SEED,
	TOKENS,
	UserName,
	uuidFrom,
} from './seed';

export interface User {
	id: number;
	key: UserName;
	name: string;
	email: string;
	token: string;
	balance: number;
	hasPaymentMethod: boolean;
}

export interface PostCallItem {
	name: string;
	type: string;
	description: string;
}

export interface Assistant {
	id: number;
	user_id: number;
	uuid: string;
	name: string;
	type: 'inbound' | 'outbound';
	mode: EngineMode;
	status: 'active' | 'inactive';
	voice_id: number;
	language_id: number;
	llm_model: string;
	llm_model_id: number;
	multimodal_model_id: number | null;
	timezone: string;
	initial_message: string;
	system_prompt: string;
	phone_number_id: number | null;
	tool_ids: number[];
	endpoint_type: string;
	endpoint_sensitivity: number;
	interrupt_sensitivity: number;
	ambient_sound_volume: number;
	post_call_evaluation: boolean;
	send_webhook_only_on_completed: boolean;
	include_recording_in_webhook: boolean;
	is_webhook_active: boolean;
	webhook_url: string | null;
	inbound_webhook_url: string | null;
	/** chat (widget, WhatsApp) conversation-ended webhook; null when off */
	conversation_ended_webhook_url: string | null;
	use_min_interrupt_words: boolean;
	min_interrupt_words: number;
	variables: Record<string, unknown>;
	post_call_schema: PostCallItem[];
	end_call_tool_description: string | null;
	llm_temperature: number;
	voice_stability: number;
	voice_similarity: number;
	speech_speed: number;
	allow_interruptions: boolean;
	fillers: boolean;
	reengagement_interval: number;
	max_duration: number;
	max_silence_duration: number;
	end_call_on_voicemail: boolean;
	enable_noise_cancellation: boolean;
	record: boolean;
	wait_for_customer: boolean;
	knowledgebase_id: number | null;
	/** Fields only the current API generation sets (https://docs.famulor.de/en/api-reference/assistants/create). */
	knowledgebase_mode: 'function_call' | 'prompt';
	secondary_language_ids: number[];
	folder_id: number | null;
	label_ids: number[];
	/** built-in tools as sent: `{type, ...fields}` */
	builtin_tools: Array<Record<string, unknown>>;
	tts_emotion_enabled: boolean;
	synthesizer_provider_id: number | null;
	transcriber_provider_id: number | null;
	chat_llm_fallback_id: number | null;
	turn_detection_threshold: number | null;
	filler_config: Record<string, string[]> | null;
	max_initial_silence_duration: number | null;
	ringing_time: number;
	reengagement_prompt: string | null;
	voice_mail_message: string | null;
	ambient_sound: string;
	conversation_inactivity_timeout: number;
	conversation_ended_retrigger: boolean;
	created_at: number;
	updated_at: number;
}

/** A folder or a label: both organise assistants and share one shape. */
export interface Organizer {
	id: number;
	user_id: number;
	name: string;
	color: string | null;
}

export interface PhoneNumber {
	id: number;
	user_id: number;
	phone_number: string;
	nickname: string | null;
	country_code: string;
	type: string;
	type_label: string;
	sms_capable: boolean;
	region: string;
	has_active_subscription: boolean;
	created_at: number;
}

export interface Tool {
	id: number;
	user_id: number;
	name: string;
	description: string;
	endpoint: string;
	method: string;
	timeout: number;
	headers: Array<{ name: string; value: string }>;
	schema: Array<{ name: string; type: string; description: string }>;
	created_at: number;
	updated_at: number;
}

export interface KnowledgeBase {
	id: number;
	user_id: number;
	name: string;
	description: string;
	created_at: number;
	updated_at: number;
}

export interface DocumentRec {
	id: number;
	knowledgebase_id: number;
	name: string;
	description: string | null;
	type: 'website' | 'pdf' | 'txt' | 'docx';
	status: 'processing' | 'active' | 'failed';
	url: string | null;
	links: string[] | null;
	relative_links_limit: number | null;
	file: { filename: string; mimetype: string; size: number; sha256: string } | null;
	failOnProcessing: boolean;
	created_at: number;
	updated_at: number;
	cancel?: () => void;
}

export interface Sender {
	id: number;
	user_id: number;
	assistant_id: number;
	phone_number: string;
	display_name: string;
	status: 'online' | 'offline';
	quality_rating: string;
	messaging_limit: number | null;
}

export interface Message {
	role: 'user' | 'assistant';
	content: string;
	at: number;
	direction?: 'inbound' | 'outbound';
	/** WhatsApp messages the user sent (free-form or template): the ids the send answered with, for read receipts. */
	whatsapp?: OutboundWhatsApp;
}

export interface OutboundWhatsApp {
	kind: 'freeform' | 'template';
	message_id: number;
	whatsapp_message_id: number;
	message_sid: string;
	sender_id: number;
	to: string;
	template_id?: number;
}

export interface WhatsAppTemplate {
	id: number;
	sender_id: number;
	name: string;
	language: string;
	category: 'marketing' | 'utility' | 'authentication';
	status: 'approved' | 'pending' | 'rejected';
	body_text: string;
	/** human-readable names of the placeholders {{1}}, {{2}}, … in order */
	variables: string[];
}

export interface SmsRecord {
	sms_id: string;
	user_id: number;
	phone_number_id: number;
	from: string;
	to: string;
	body: string;
	segments: number;
	cost: number;
	at: number;
}

export interface Conversation {
	seq: number;
	numeric_id: number;
	uuid: string;
	user_id: number;
	assistant_id: number;
	type: 'test' | 'widget' | 'whatsapp' | 'api';
	variables: Record<string, unknown> | null;
	external_identifier: string | null;
	message_count: number;
	total_cost: number;
	ai_enabled: boolean;
	sender_id: number | null;
	customer_name: string | null;
	customer_phone: string | null;
	last_customer_message_at: number | null;
	messages: Message[];
	created_at: number;
	updated_at: number;
}

/** Every status the calls list documents; the sandbox's own calls end as completed, busy, no-answer or failed. */
export const CALL_STATUSES = [
	'initiated',
	'ringing',
	'busy',
	'in-progress',
	'ended',
	'completed',
	'ended_by_customer',
	'ended_by_assistant',
	'no-answer',
	'failed',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export interface Call {
	id: number;
	user_id: number;
	assistant_id: number;
	type: 'inbound' | 'outbound' | 'web';
	customer_phone: string | null;
	assistant_phone: string | null;
	status: CallStatus;
	duration: number;
	transcript: string | null;
	extracted_variables: Record<string, unknown> | null;
	input_variables: Record<string, unknown>;
	recording_url: string | null;
	created_at: number;
	updated_at: number;
	finished_at: number | null;
	/** set when a campaign placed the call */
	campaign: { id: number; name: string } | null;
	answered_by: 'human' | 'machine' | 'unknown' | null;
	carrier_cost: number;
	total_cost: number;
	/** the JSON object the post-call webhook endpoint answered, if any */
	webhook_response: Record<string, unknown> | null;
	cancel?: () => void;
	/** the lead a campaign called (sandbox/campaigns.ts) */
	lead_id?: number;
	/** runs when the call has ended, before its webhooks go out (a campaign updates the lead) */
	afterEnd?: () => void;
	/** the `lead` and `campaign` of its post-call webhook, when a campaign placed the call */
	webhookContext?: () => { lead: Record<string, unknown>; campaign: Record<string, unknown> };
}

export class State {
	users = new Map<UserName, User>();
	assistants = new Map<number, Assistant>();
	phoneNumbers = new Map<number, PhoneNumber>();
	tools = new Map<number, Tool>();
	folders = new Map<number, Organizer>();
	labels = new Map<number, Organizer>();
	knowledgeBases = new Map<number, KnowledgeBase>();
	documents = new Map<number, DocumentRec>();
	senders = new Map<number, Sender>();
	templates = new Map<number, WhatsAppTemplate>();
	sms: SmsRecord[] = [];
	calls = new Map<number, Call>();
	campaigns = new Map<number, Campaign>();
	leads = new Map<number, Lead>();
	/** SIP settings of the phone numbers of type sip, by phone number id */
	sipTrunks = new Map<number, SipTrunk>();
	/** dedicated numbers whose release is scheduled for the end of their billing period */
	releaseScheduled = new Set<number>();
	/** per user id, ordered by seq ascending (= created order) */
	conversations = new Map<number, Conversation[]>();
	conversationByUuid = new Map<string, Conversation>();
	/** `${userId}|${assistantId}|${external_identifier}` → latest api conversation */
	apiIndex = new Map<string, Conversation>();
	/** `${senderId}|${customerPhone}` → latest whatsapp conversation */
	waIndex = new Map<string, Conversation>();
	inventory: Map<string, InventoryNumber> = generateInventory();
	/** per user id: phone numbers returned by that user's searches */
	searched = new Map<number, Set<string>>();
	nextId = 5000;
	nextCallId = 480400;
	nextConvSeq = 1;
	nextConvNumericId = 9000;
	nextMessageId = 70000;
	nextWhatsappMessageId = 880000;
	nextSmsId = 67000;

	constructor(
		public now: () => number,
		seed: boolean,
	) {
		this.users.set('alice', {
			id: SEED.alice.userId,
			key: 'alice',
			name: SEED.alice.name,
			email: SEED.alice.email,
			token: TOKENS.alice,
			balance: SEED.alice.balance,
			hasPaymentMethod: true,
		});
		this.users.set('bob', {
			id: SEED.bob.userId,
			key: 'bob',
			name: SEED.bob.name,
			email: SEED.bob.email,
			token: TOKENS.bob,
			balance: SEED.bob.balance,
			hasPaymentMethod: false,
		});
		this.conversations.set(SEED.alice.userId, []);
		this.conversations.set(SEED.bob.userId, []);
		if (seed) this.seed();
	}

	id(): number {
		return this.nextId++;
	}

	userById(id: number): User | undefined {
		for (const u of this.users.values()) if (u.id === id) return u;
		return undefined;
	}

	userByToken(token: string): User | undefined {
		for (const u of this.users.values()) if (u.token === token) return u;
		return undefined;
	}

	addConversation(
		c: Omit<Conversation, 'seq' | 'numeric_id' | 'uuid'> & { uuid?: string },
	): Conversation {
		const seq = this.nextConvSeq++;
		const conv: Conversation = {
			...c,
			seq,
			numeric_id: this.nextConvNumericId++,
			uuid: c.uuid ?? uuidFrom(`conversation-${seq}`),
		};
		let list = this.conversations.get(conv.user_id);
		if (!list) {
			list = [];
			this.conversations.set(conv.user_id, list);
		}
		list.push(conv);
		this.conversationByUuid.set(conv.uuid, conv);
		if (conv.type === 'api' && conv.external_identifier !== null) {
			this.apiIndex.set(`${conv.user_id}|${conv.assistant_id}|${conv.external_identifier}`, conv);
		}
		if (conv.type === 'whatsapp' && conv.sender_id !== null && conv.customer_phone !== null) {
			this.waIndex.set(`${conv.sender_id}|${conv.customer_phone}`, conv);
		}
		return conv;
	}

	/** A new conversation without messages, cost or variables, with the AI answering. */
	openConversation(
		c: Pick<
			Conversation,
			| 'user_id'
			| 'assistant_id'
			| 'type'
			| 'external_identifier'
			| 'sender_id'
			| 'customer_name'
			| 'customer_phone'
		>,
	): Conversation {
		const now = this.now();
		return this.addConversation({
			...c,
			variables: null,
			message_count: 0,
			total_cost: 0,
			ai_enabled: true,
			last_customer_message_at: null,
			messages: [],
			created_at: now,
			updated_at: now,
		});
	}

	/** Removes an assistant; its calls and conversations stay (the docs say nothing of them). */
	deleteAssistant(id: number): void {
		this.assistants.delete(id);
	}

	makeAssistant(
		partial: Partial<Assistant> & Pick<Assistant, 'id' | 'user_id' | 'name' | 'type'>,
	): Assistant {
		const now = this.now();
		return {
			uuid: uuidFrom(`assistant-${partial.id}`),
			mode: 'pipeline',
			status: 'active',
			voice_id: 1001,
			language_id: 5,
			llm_model: LLM_MODELS[0].name,
			llm_model_id: LLM_MODELS[0].id,
			multimodal_model_id: null,
			timezone: 'Europe/Berlin',
			initial_message: 'Hallo, wie kann ich helfen?',
			system_prompt: 'You are a helpful assistant.',
			phone_number_id: null,
			tool_ids: [],
			endpoint_type: 'vad',
			endpoint_sensitivity: 0.5,
			interrupt_sensitivity: 0.5,
			ambient_sound_volume: 0.5,
			post_call_evaluation: true,
			send_webhook_only_on_completed: true,
			include_recording_in_webhook: true,
			is_webhook_active: false,
			webhook_url: null,
			inbound_webhook_url: null,
			conversation_ended_webhook_url: null,
			use_min_interrupt_words: false,
			min_interrupt_words: 0,
			variables: {},
			post_call_schema: [],
			end_call_tool_description: null,
			llm_temperature: 0.1,
			voice_stability: 0.7,
			voice_similarity: 0.5,
			speech_speed: 1,
			allow_interruptions: true,
			fillers: false,
			reengagement_interval: 30,
			max_duration: 600,
			max_silence_duration: 40,
			end_call_on_voicemail: true,
			enable_noise_cancellation: true,
			record: false,
			wait_for_customer: false,
			knowledgebase_id: null,
			knowledgebase_mode: 'function_call',
			secondary_language_ids: [],
			folder_id: null,
			label_ids: [],
			builtin_tools: [],
			tts_emotion_enabled: true,
			synthesizer_provider_id: null,
			transcriber_provider_id: null,
			chat_llm_fallback_id: null,
			turn_detection_threshold: null,
			filler_config: null,
			max_initial_silence_duration: null,
			ringing_time: 30,
			reengagement_prompt: null,
			voice_mail_message: null,
			ambient_sound: 'off',
			conversation_inactivity_timeout: 30,
			conversation_ended_retrigger: false,
			created_at: now,
			updated_at: now,
			...partial,
		};
	}

	private seed(): void {
		const now = this.now();
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
		for (const p of phones) this.phoneNumbers.set(p.id, p);

		const tool = (id: number, user_id: number, name: string, description: string): Tool => ({
			id,
			user_id,
			name,
			description,
			endpoint: `https://hooks.example.com/${name}`,
			method: 'POST',
			timeout: 10,
			headers: [],
			schema: [
				{ name: 'customer_phone', type: 'string', description: 'Phone number of the caller' },
			],
			created_at: ago(24 * 50),
			updated_at: ago(24 * 50),
		});
		const tools: Tool[] = [
			tool(31, A, 'calendar_booking', 'Book an appointment in the calendar'),
			tool(32, A, 'crm_integration', 'Look the caller up in the CRM'),
			tool(33, A, 'call_transfer', 'Find the right colleague to transfer to'),
			tool(41, B, 'bob_crm_lookup', "Look the caller up in Bob's CRM"),
		];
		for (const t of tools) this.tools.set(t.id, t);
		const organizers: Array<[Map<number, Organizer>, Organizer]> = [
			[this.folders, { id: 91, user_id: A, name: 'Sales', color: 'blue' }],
			[this.folders, { id: 92, user_id: A, name: 'Archive', color: null }],
			[this.folders, { id: 93, user_id: B, name: 'Bob folder', color: 'red' }],
			[this.labels, { id: 95, user_id: A, name: 'Production', color: 'green' }],
			[this.labels, { id: 96, user_id: A, name: 'Experimental', color: 'amber' }],
			[this.labels, { id: 97, user_id: B, name: 'Bob label', color: null }],
		];
		for (const [map, record] of organizers) map.set(record.id, record);

		this.knowledgeBases.set(51, {
			id: 51,
			user_id: A,
			name: 'Produkt-FAQ',
			description: 'Häufige Fragen zu unseren Produkten',
			created_at: ago(24 * 20),
			updated_at: ago(24 * 2),
		});
		this.knowledgeBases.set(61, {
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
		this.documents.set(501, doc(501, 51, 'Website FAQ', 'website', 'https://example.com/faq'));
		this.documents.set(601, doc(601, 61, 'Bob website', 'website', 'https://example.org'));

		const assistants: Assistant[] = [
			this.makeAssistant({
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
			this.makeAssistant({
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
			this.makeAssistant({
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
			this.makeAssistant({
				id: 104,
				user_id: A,
				name: 'Chat Concierge',
				type: 'inbound',
				language_id: 5,
				system_prompt: 'Du bist der Chat-Concierge von Example. Antworte kurz und freundlich.',
				created_at: ago(24 * 15),
				updated_at: ago(24 * 15),
			}),
			this.makeAssistant({
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
		for (const a of assistants) this.assistants.set(a.id, a);

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
		for (const s of senders) this.senders.set(s.id, s);
		for (const t of seedTemplates()) this.templates.set(t.id, t);

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
				messages: [] as Message[],
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
				if (waIdx >= 8) base.updated_at = last;
				waIdx++;
			}
			this.addConversation(base);
		}
		// bob
		const bobTypes: Conversation['type'][] = ['test', 'api', 'whatsapp', 'widget'];
		bobTypes.forEach((type, i) => {
			const created = ago(24 * 5 - i);
			this.addConversation({
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
				messages: [],
				created_at: created,
				updated_at: created,
			});
		});
		seedCalls(this);
		seedCampaigns(this);
	}
}

export function languageById(id: number): (typeof LANGUAGES)[number] | undefined {
	return LANGUAGES.find((l) => l.id === id);
}
