import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { searchAssistants } from '../shared/methods/assistants';
import { searchCampaigns } from '../shared/methods/campaigns';
import { searchKnowledgeBases } from '../shared/methods/knowledgeBases';
import { searchWhatsAppSenders } from '../shared/methods/whatsAppSenders';
import { pollFamulor } from './poll';
import { pollTriggerProperties } from './properties';

export class FamulorPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Famulor AI Polling Trigger',
		name: 'famulorPollTrigger',
		icon: { light: 'file:../../icons/famulor.svg', dark: 'file:../../icons/famulor.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ "Polls: " + {"newWhatsAppMessage": "New WhatsApp Message", "newChatMessage": "New Chat Message", "callEnded": "Call Ended", "newLead": "New Lead", "leadStatusChanged": "Lead Status Changed", "documentProcessed": "Document Processed"}[$parameter["event"]] }}',
		description:
			'Polls Famulor for new customer WhatsApp and chat messages, ended calls, new leads, lead status changes and processed documents; needs no public n8n URL',
		defaults: { name: 'Famulor AI Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'famulorAiApi', required: true }],
		properties: pollTriggerProperties,
	};

	methods = {
		listSearch: { searchAssistants, searchWhatsAppSenders, searchCampaigns, searchKnowledgeBases },
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFamulor.call(this);
	}
}
