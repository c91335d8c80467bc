import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { getLanguages } from '../shared/methods/loadOptions';
import {
	searchAssistants,
	searchAvailablePhoneNumbers,
	searchKnowledgeBases,
	searchPhoneNumbers,
	searchWhatsAppSenders,
} from '../shared/methods/listSearch';
import { parallelRequestsProperty } from './actions/concurrency';
import { resourceProperty } from './actions/resourceProperty';
import { resources } from './actions/resources';
import { router } from './actions/router';

export class Famulor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Famulor AI',
		name: 'famulor',
		icon: { light: 'file:../../icons/famulor.svg', dark: 'file:../../icons/famulor.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Run Famulor AI voice and chat assistants: calls, AI replies, WhatsApp, phone numbers and knowledge bases',
		defaults: { name: 'Famulor AI' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'famulorAiApi', required: true }],
		properties: [
			resourceProperty,
			...Object.values(resources).flatMap((resource) => resource.description),
			parallelRequestsProperty,
		],
	};

	methods = {
		listSearch: { searchAssistants, searchAvailablePhoneNumbers, searchKnowledgeBases, searchPhoneNumbers, searchWhatsAppSenders },
		loadOptions: { getLanguages },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
