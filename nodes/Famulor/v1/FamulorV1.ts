import type { INodeType, INodeTypeBaseDescription } from 'n8n-workflow';

import { searchAssistants } from '../../shared/methods/assistants';
import { searchKnowledgeBases } from '../../shared/methods/knowledgeBases';
import { getLanguages } from '../../shared/methods/languages';
import { searchAvailablePhoneNumbers, searchPhoneNumbers } from '../../shared/methods/phoneNumbers';
import { searchWhatsAppSenders } from '../../shared/methods/whatsAppSenders';
import { parallelRequestsProperty, readParallelRequestsV1 } from '../actions/concurrency';
import { resourcesV1 } from '../actions/resources';
import { buildNodeVersion } from '../nodeVersion';

export const methodsV1 = {
	listSearch: {
		searchAssistants,
		searchAvailablePhoneNumbers,
		searchKnowledgeBases,
		searchPhoneNumbers,
		searchWhatsAppSenders,
	},
	loadOptions: { getLanguages },
};

/** Version 1: frozen to the seed specification; its defaults and parameter names never change. */
export function famulorV1(base: INodeTypeBaseDescription): INodeType {
	return buildNodeVersion(base, {
		version: 1,
		resources: resourcesV1,
		defaultResource: 'call',
		trailingProperties: [parallelRequestsProperty],
		methods: methodsV1,
		parallelRequests: readParallelRequestsV1,
	});
}
