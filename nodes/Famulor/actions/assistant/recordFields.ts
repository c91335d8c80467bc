import { knowledgeBaseLocator } from '../../../shared/descriptions';
import {
	assignablePhoneNumberLocator,
	folderLocator,
	llmModelLocator,
	synthesizerProviderLocator,
	transcriberProviderLocator,
} from '../../../shared/pickerLocators';
import { choice, multi, picker, type AssistantField } from './fieldKinds';

/**
 * The fields that point at other records of the account (phone number, knowledge base, folder,
 * labels, tools, languages, providers, models), each picked from the service's list and sent as its
 * ID or a list of IDs; version 2 has them (fields.ts).
 */
export const RECORDS = {
	phoneNumberId: picker(
		assignablePhoneNumberLocator(
			'phoneNumberId',
			'Phone number of the assistant; inbound assistants are offered only numbers free for inbound',
		),
		'phone_number_id',
	),
	knowledgeBaseId: picker(
		knowledgeBaseLocator('knowledgeBaseId', 'Knowledge base the assistant answers from'),
		'knowledgebase_id',
	),
	knowledgeBaseMode: choice(
		'Knowledge Base Mode',
		'knowledgeBaseMode',
		'knowledgebase_mode',
		'How the knowledge base is used; multimodal and dualplex allow only Function Call',
		['function_call', 'prompt'],
		['Function Call', 'Prompt (Pipeline Only)'],
	),
	folderId: picker(folderLocator('folderId', 'Folder the assistant is placed in'), 'folder_id'),
	labelIds: multi(
		'Label Names or IDs',
		'labelIds',
		'label_ids',
		'getLabels',
		'Labels of the assistant; on update the list replaces the stored labels. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	),
	toolIds: multi(
		'Mid-Call Tool Names or IDs',
		'toolIds',
		'tool_ids',
		'getMidCallTools',
		'Mid-call tools of the assistant; on update the list replaces the stored tools. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	),
	secondaryLanguageIds: multi(
		'Secondary Language Names or IDs',
		'secondaryLanguageIds',
		'secondary_language_ids',
		'getLanguageOptions',
		'Further languages the assistant recognises and switches to; on update the list replaces the stored ones. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	),
	synthesizerProviderId: picker(
		synthesizerProviderLocator(
			'synthesizerProviderId',
			'Text-to-speech provider (pipeline and dualplex); unset, the language decides',
		),
		'synthesizer_provider_id',
	),
	transcriberProviderId: picker(
		transcriberProviderLocator(
			'transcriberProviderId',
			'Speech-to-text provider (pipeline only); unset, the language decides',
		),
		'transcriber_provider_id',
	),
	chatLlmFallbackId: picker(
		llmModelLocator(
			'chatLlmFallbackId',
			'Language model for tool calls of multimodal and dualplex assistants',
		),
		'chat_llm_fallback_id',
	),
} satisfies Record<string, AssistantField>;
