import type { INodeProperties } from 'n8n-workflow';

import { locator } from './descriptions';

/**
 * Resource locators (From List + By ID) for what the service lists beyond the seed specification
 * (the API docs of February 2026); their list searches are in methods/ by record (languages.ts,
 * voices.ts, models.ts, phoneNumbers.ts, providers.ts, organizers.ts, midCallTools.ts).
 */
type Picker = (name: string, description: string) => INodeProperties;

function picker(displayName: string, searchListMethod: string, exampleId: number): Picker {
	return (name, description) =>
		locator({ name, displayName, description, searchListMethod, exampleId });
}

export const languageLocator = picker('Language', 'searchLanguages', 5);
export const voiceLocator = picker('Voice', 'searchVoices', 1001);
export const modelLocator = picker('Model', 'searchModels', 2);
export const llmModelLocator = picker('Chat LLM Fallback', 'searchLlmModels', 2);
export const assignablePhoneNumberLocator = picker(
	'Phone Number',
	'searchAssignablePhoneNumbers',
	11,
);
export const synthesizerProviderLocator = picker('TTS Provider', 'searchSynthesizerProviders', 1);
export const transcriberProviderLocator = picker('STT Provider', 'searchTranscriberProviders', 1);
export const folderLocator = picker('Folder', 'searchFolders', 91);
export const labelLocator = picker('Label', 'searchLabels', 95);
export const midCallToolLocator = picker('Mid-Call Tool', 'searchMidCallTools', 31);
