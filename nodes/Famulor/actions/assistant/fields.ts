import { CALL } from './callFields';
import type { AssistantField } from './fieldKinds';
import { IDENTITY } from './identityFields';
import { RECORDS } from './recordFields';
import type { VersionFields } from './sharedFields';
import { WEBHOOK } from './webhookFields';

/**
 * What a field is in a node version: required on create (a top-level parameter there, optional on
 * update), optional (Additional Fields on create, Update Fields on update), or not offered ('-').
 */
type Part = 'required' | 'optional' | '-';

/**
 * Every assistant field with a column per node version: version 1 as the seed specification (the API
 * docs of February 2026) names them, version 2 as the current API does
 * (https://docs.famulor.de/en/api-reference/assistants/create, .../update). A field both versions
 * define alike is one row. A version's fields keep the table's order: its required parameters appear
 * so, and its body is built so. The fields themselves are defined by subject in identityFields.ts,
 * recordFields.ts, callFields.ts and webhookFields.ts.
 */
export const ASSISTANT_FIELDS: Array<[field: AssistantField, v1: Part, v2: Part]> = [
	// field, version 1, version 2
	[IDENTITY.assistantName, 'required', '-'],
	[IDENTITY.seedVoiceId, 'required', '-'],
	[IDENTITY.language, 'required', '-'],
	[IDENTITY.llmModel, 'required', '-'],
	[IDENTITY.callsDirection, 'required', '-'],
	[IDENTITY.engineType, 'required', '-'],
	[IDENTITY.name, '-', 'required'],
	[IDENTITY.mode, '-', 'required'],
	[IDENTITY.type, '-', 'required'],
	[IDENTITY.languageId, '-', 'required'],
	[IDENTITY.voiceId, '-', 'required'],
	[IDENTITY.model, '-', 'required'],
	[IDENTITY.timezone, 'required', 'required'],
	[IDENTITY.seedInitialMessage, 'required', '-'],
	[IDENTITY.initialMessage, '-', 'required'],
	[IDENTITY.systemPrompt, 'required', 'required'],
	[RECORDS.phoneNumberId, '-', 'optional'],
	[RECORDS.knowledgeBaseId, '-', 'optional'],
	[RECORDS.knowledgeBaseMode, '-', 'optional'],
	[RECORDS.folderId, '-', 'optional'],
	[RECORDS.labelIds, '-', 'optional'],
	[RECORDS.toolIds, '-', 'optional'],
	[RECORDS.secondaryLanguageIds, '-', 'optional'],
	[RECORDS.synthesizerProviderId, '-', 'optional'],
	[RECORDS.transcriberProviderId, '-', 'optional'],
	[RECORDS.chatLlmFallbackId, '-', 'optional'],
	[CALL.turnDetectionThreshold, '-', 'optional'],
	[IDENTITY.ttsEmotionEnabled, '-', 'optional'],
	[CALL.seedEndpointType, 'optional', '-'],
	[CALL.endpointSensitivity, 'optional', 'optional'],
	[CALL.interruptSensitivity, 'optional', 'optional'],
	[CALL.minInterruptWords, '-', 'optional'],
	[CALL.ambientSound, '-', 'optional'],
	[CALL.ambientSoundVolume, 'optional', 'optional'],
	[WEBHOOK.postCallEvaluation, 'optional', 'optional'],
	[WEBHOOK.conversationInactivityTimeout, '-', 'optional'],
	[WEBHOOK.conversationEndedRetrigger, '-', 'optional'],
	[WEBHOOK.conversationEndedWebhookUrl, '-', 'optional'],
	[WEBHOOK.sendWebhookOnlyOnCompleted, 'optional', 'optional'],
	[WEBHOOK.includeRecordingInWebhook, '-', 'optional'],
	[WEBHOOK.seedIncludeRecordingInWebhook, 'optional', '-'],
	[WEBHOOK.isWebhookActive, 'optional', 'optional'],
	[WEBHOOK.webhookUrl, '-', 'optional'],
	[WEBHOOK.seedWebhookUrl, 'optional', '-'],
	[CALL.useMinInterruptWords, 'optional', '-'],
	[CALL.seedMinInterruptWords, 'optional', '-'],
	[CALL.endCallToolDescription, 'optional', '-'],
	[IDENTITY.llmTemperature, 'optional', 'optional'],
	[CALL.allowInterruptions, '-', 'optional'],
	[CALL.fillers, '-', 'optional'],
	[CALL.record, '-', 'optional'],
	[CALL.enableNoiseCancellation, '-', 'optional'],
	[CALL.waitForCustomer, '-', 'optional'],
	[CALL.maxDuration, '-', 'optional'],
	[CALL.maxSilenceDuration, '-', 'optional'],
	[CALL.maxInitialSilenceDuration, '-', 'optional'],
	[CALL.ringingTime, '-', 'optional'],
	[CALL.reengagementInterval, '-', 'optional'],
	[CALL.reengagementPrompt, '-', 'optional'],
	[IDENTITY.voiceStability, 'optional', 'optional'],
	[IDENTITY.voiceSimilarity, 'optional', 'optional'],
	[IDENTITY.speechSpeed, 'optional', 'optional'],
	[CALL.seedAllowInterruptions, 'optional', '-'],
	[CALL.fillerAudios, 'optional', '-'],
	[CALL.reEngagementInterval, 'optional', '-'],
	[CALL.maxCallDuration, 'optional', '-'],
	[CALL.seedMaxSilenceDuration, 'optional', '-'],
	[CALL.endCallOnVoicemail, 'optional', 'optional'],
	[CALL.voiceMailMessage, '-', 'optional'],
	[CALL.endpointType, '-', 'optional'],
	[CALL.noiseCancellation, 'optional', '-'],
	[CALL.recordCall, 'optional', '-'],
	[CALL.whoSpeaksFirst, 'optional', '-'],
];

const COLUMN = { v1: 1, v2: 2 } as const;

/** A version's column of the table. */
export function fieldsOf(
	version: keyof typeof COLUMN,
): Pick<VersionFields, 'required' | 'optional'> {
	const withPart = (part: Part) =>
		ASSISTANT_FIELDS.filter((row) => row[COLUMN[version]] === part).map(([field]) => field);
	return { required: withPart('required'), optional: withPart('optional') };
}
