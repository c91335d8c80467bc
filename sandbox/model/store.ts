/**
 * The in-memory store of one sandbox: every record by id, the conversation indexes and the id counters.
 * Behaviour stops at lookups and keeping the indexes; seed/ fills it, domain/ changes it.
 */
import { ACCOUNTS, TOKENS, type User, type UserName } from './accounts';
import type { Assistant, Organizer, Tool } from './assistants';
import type { Call } from './calls';
import type { Campaign, Lead } from './campaigns';
import { uuidFrom } from './ids';
import { generateInventory, type InventoryNumber } from './inventory';
import type { DocumentRec, KnowledgeBase } from './knowledgeBases';
import type {
	ChatEnd,
	Conversation,
	ReadReceiptSettings,
	Sender,
	SentMessage,
	SmsRecord,
	WhatsAppTemplate,
} from './messaging';
import type { PhoneNumber, SipTrunk } from './phoneNumbers';
import type { PendingWebhook } from './webhookDeliveries';

export class State {
	users = new Map<UserName, User>();
	assistants = new Map<number, Assistant>();
	phoneNumbers = new Map<number, PhoneNumber>();
	tools = new Map<number, Tool>();
	folders = new Map<number, Organizer>();
	labels = new Map<number, Organizer>();
	knowledgeBases = new Map<number, KnowledgeBase>();
	documents = new Map<number, DocumentRec>();
	/** Run-time changes of document processing (domain/knowledgeBases/documentProcessing.ts); unset = the options' delay. */
	documentProcessing: { delayMs?: number; failNext: number } = { failNext: 0 };
	senders = new Map<number, Sender>();
	templates = new Map<number, WhatsAppTemplate>();
	sms: SmsRecord[] = [];
	/** per sender id: its read-receipt webhook (domain/messaging/readReceipts.ts) */
	readReceipts = new Map<number, ReadReceiptSettings>();
	/** per whatsapp_message_id: the WhatsApp messages sent, for their read receipts */
	sentWhatsApp = new Map<number, SentMessage>();
	/** per conversation uuid: widget and WhatsApp chats counting down to their end, or ended (domain/messaging/conversationEnd.ts) */
	chatEnds = new Map<string, ChatEnd>();
	/** webhook deliveries not yet delivered nor given up, oldest first (domain/webhooks/webhookDelivery.ts) */
	pendingWebhooks: PendingWebhook[] = [];
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

	constructor(public now: () => number) {
		for (const key of ['alice', 'bob'] as const) {
			const account = ACCOUNTS[key];
			this.users.set(key, {
				id: account.userId,
				key,
				name: account.name,
				email: account.email,
				token: TOKENS[key],
				balance: account.balance,
				hasPaymentMethod: account.hasPaymentMethod,
			});
			this.conversations.set(account.userId, []);
		}
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
		this.indexConversation(conv);
		return conv;
	}

	/** Files a conversation in its user's list and the lookups by uuid, API identifier and WhatsApp chat. */
	indexConversation(conv: Conversation): void {
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
}
