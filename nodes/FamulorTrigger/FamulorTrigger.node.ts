import {
	NodeConnectionTypes,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { searchAssistants } from '../shared/methods/assistants';
import { checkExists, create, deleteRegistration } from './lifecycle';
import { RESPONSE_MODE_EXPRESSION } from './liveAnswer';
import { getAssistants, getMidCallTools } from './midCallTool/assistantOptions';
import { triggerProperties } from './properties';
import { handleDelivery } from './webhook';

export class FamulorTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Famulor AI Trigger',
		name: 'famulorTrigger',
		icon: { light: 'file:../../icons/famulor.svg', dark: 'file:../../icons/famulor.dark.svg' },
		group: ['trigger'],
		// 1.1: Simplify on by default. 1.2: Inbound Call (was Inbound Call Completed) and
		// Mid-Call Tool, answered by the workflow.
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle:
			'={{ {"callCompleted": "Call Completed", "inboundCall": "Inbound Call", "inboundCallCompleted": "Inbound Call Completed", "midCallTool": "Mid-Call Tool", "conversationEnded": "Conversation Ended", "whatsAppMessageStatus": "WhatsApp Message Status"}[$parameter["event"]] }}',
		// n8n's node panel lists this node and the action node as one "Famulor AI" entry showing this
		// description (also under "What happens next?"), so it begins with the action node's own.
		description:
			'Run Famulor AI voice and chat assistants: calls, AI replies, WhatsApp, phone numbers and knowledge bases. Starts the workflow when a call or chat ends, a call arrives, an assistant asks during a call, or a sent WhatsApp message changes status',
		defaults: { name: 'Famulor AI Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'famulorAiApi', required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: RESPONSE_MODE_EXPRESSION,
				path: 'webhook',
			},
		],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchAssistants }, loadOptions: { getAssistants, getMidCallTools } };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteRegistration.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await handleDelivery.call(this);
	}
}
