import type { INodeType, INodeTypeBaseDescription } from 'n8n-workflow';

import { searchAssistantUuids, searchOutboundAssistants } from '../../shared/methods/assistants';
import { searchCalls } from '../../shared/methods/calls';
import { getCampaigns, searchCampaigns } from '../../shared/methods/campaigns';
import { searchConversations } from '../../shared/methods/conversations';
import { searchDocuments } from '../../shared/methods/documents';
import { getLanguageOptions, searchLanguages } from '../../shared/methods/languages';
import { searchLeads } from '../../shared/methods/leads';
import { getMidCallTools, searchMidCallTools } from '../../shared/methods/midCallTools';
import { searchLlmModels, searchModels } from '../../shared/methods/models';
import { getLabels, searchFolders, searchLabels } from '../../shared/methods/organizers';
import {
	getPhoneNumbers,
	searchAssignablePhoneNumbers,
	searchSmsPhoneNumbers,
} from '../../shared/methods/phoneNumbers';
import {
	searchSynthesizerProviders,
	searchTranscriberProviders,
} from '../../shared/methods/providers';
import { searchSipTrunks } from '../../shared/methods/sipTrunks';
import { searchVoices } from '../../shared/methods/voices';
import {
	getTemplateVariables,
	searchWhatsAppTemplates,
} from '../../shared/methods/whatsAppTemplates';
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
