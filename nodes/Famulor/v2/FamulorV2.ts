import type { INodeType, INodeTypeBaseDescription } from 'n8n-workflow';

import {
	getCampaigns,
	getPhoneNumbers,
	searchCampaigns,
	searchDocuments,
	searchLeads,
	searchSipTrunks,
} from '../../shared/methods/accountSearch';
import {
	getLabels,
	getLanguageOptions,
	getMidCallTools,
	searchAssignablePhoneNumbers,
	searchFolders,
	searchLabels,
	searchLanguages,
	searchLlmModels,
	searchMidCallTools,
	searchModels,
	searchSynthesizerProviders,
	searchTranscriberProviders,
	searchVoices,
} from '../../shared/methods/assistantPickers';
import { searchCalls, searchOutboundAssistants } from '../../shared/methods/callListSearch';
import {
	getTemplateVariables,
	searchAssistantUuids,
	searchConversations,
	searchSmsPhoneNumbers,
	searchWhatsAppTemplates,
} from '../../shared/methods/messaging';
import { readParallelRequestsV2, runOptionsProperty } from '../actions/concurrency';
import { resourcesV2 } from '../actions/resources';
import { buildNodeVersion } from '../nodeVersion';
import { methodsV1 } from '../v1/FamulorV1';

/** The pickers of the assistant settings and of folders, labels and mid-call tools (version 2 only). */
const assistantPickers = {
	listSearch: {
		searchAssignablePhoneNumbers,
		searchFolders,
		searchLabels,
		searchLanguages,
		searchLlmModels,
		searchMidCallTools,
		searchModels,
		searchSynthesizerProviders,
		searchTranscriberProviders,
		searchVoices,
	},
	loadOptions: { getLabels, getLanguageOptions, getMidCallTools },
};

export const methodsV2 = {
	listSearch: {
		...methodsV1.listSearch,
		...assistantPickers.listSearch,
		searchCalls,
		searchOutboundAssistants,
		searchAssistantUuids,
		searchConversations,
		searchSmsPhoneNumbers,
		searchWhatsAppTemplates,
		searchCampaigns,
		searchDocuments,
		searchLeads,
		searchSipTrunks,
	},
	loadOptions: {
		...methodsV1.loadOptions,
		...assistantPickers.loadOptions,
		getCampaigns,
		getPhoneNumbers,
	},
	resourceMapping: { getTemplateVariables },
};

/**
 * Version 2, the default: the service's current API, every operation beyond the seed, run options
 * in one Options collection, and a read (not a billed call) as what a new node shows first.
 */
export function famulorV2(base: INodeTypeBaseDescription): INodeType {
	return buildNodeVersion(base, {
		version: 2,
		resources: resourcesV2,
		defaultResource: 'assistant',
		trailingProperties: [runOptionsProperty(resourcesV2)],
		methods: methodsV2,
		parallelRequests: readParallelRequestsV2,
	});
}
