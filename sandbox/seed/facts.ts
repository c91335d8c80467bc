/**
 * What the seed holds, for tests and users to address it: tokens, catalogues and every seeded id. Ids are
 * disjoint between the two users so tenancy tests can cross-try them.
 */
import { ACCOUNTS, CONTROL_TOKEN, TOKENS } from '../model/accounts';
import {
	LANGUAGES,
	LLM_MODELS,
	MULTIMODAL_MODELS,
	SUPPORTED_COUNTRIES,
	VOICES,
} from '../model/catalogues';
import { uuidFrom } from '../model/ids';

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
		userId: ACCOUNTS.alice.userId,
		name: ACCOUNTS.alice.name,
		email: ACCOUNTS.alice.email,
		balance: ACCOUNTS.alice.balance,
		hasPaymentMethod: ACCOUNTS.alice.hasPaymentMethod,
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
		/** finished calls, newest last: 480310–480339 (see sandbox/seed/calls.ts) */
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
		userId: ACCOUNTS.bob.userId,
		name: ACCOUNTS.bob.name,
		email: ACCOUNTS.bob.email,
		balance: ACCOUNTS.bob.balance,
		hasPaymentMethod: ACCOUNTS.bob.hasPaymentMethod,
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
