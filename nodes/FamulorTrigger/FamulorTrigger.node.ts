import {
	NodeConnectionTypes,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { assistantLocator } from '../shared/descriptions';
import { searchAssistants } from '../shared/methods/listSearch';
import { checkExists, create, deleteRegistration } from './lifecycle';
import { normalizePayload, simplifyPayload } from './payload';
import { SECRET_PARAMETER, secretMatches } from './secret';
import { readSecret, rememberDelivery } from './state';

export class FamulorTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Famulor AI Trigger',
		name: 'famulorTrigger',
		icon: { light: 'file:../../icons/famulor.svg', dark: 'file:../../icons/famulor.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"] === "inboundCallCompleted" ? "Inbound Call Completed" : "Call Completed"}}',
		description: 'Starts the workflow when a call of a Famulor AI assistant ends',
		defaults: { name: 'Famulor AI Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'famulorAiApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			assistantLocator('assistantId', 'The assistant whose calls start the workflow'),
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				default: 'callCompleted',
				options: [
					{
						name: 'Call Completed',
						value: 'callCompleted',
						description: "A call of the assistant ended (the assistant's post-call webhook, with the extracted post-call data)",
					},
					{
						name: 'Inbound Call Completed',
						value: 'inboundCallCompleted',
						description: "An inbound call of the assistant ended (the assistant's inbound webhook)",
					},
				],
			},
			{
				displayName: 'Simplify',
				name: 'simplify',
				type: 'boolean',
				default: false,
				description:
					'Whether to return a flat item (call ID, status, duration, phone numbers, extracted variables as extracted_<name>, transcript as text) instead of the full payload',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Include Recording URL',
						name: 'includeRecording',
						type: 'boolean',
						default: true,
						displayOptions: { show: { '/event': ['callCompleted'] } },
						description: "Whether the payload carries the call's recording URL. Sets the assistant's include_recording_in_webhook; when not added, the assistant's setting is kept.",
					},
					{
						displayName: 'Only Completed Calls',
						name: 'onlyCompleted',
						type: 'boolean',
						default: true,
						displayOptions: { show: { '/event': ['callCompleted'] } },
						description: "Whether only completed calls are sent (not busy, failed or unanswered ones). Sets the assistant's send_webhook_only_on_completed; when not added, the assistant's setting is kept.",
					},
					{
						displayName: 'Replace Existing Webhook',
						name: 'replaceExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether to overwrite a webhook URL the assistant already sends to. Off: activation fails instead, naming that URL. The replaced URL is not restored on deactivation.',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchAssistants } };

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
		const staticData = this.getWorkflowStaticData('node');
		const query = this.getQueryData() as IDataObject;
		if (!secretMatches(query[SECRET_PARAMETER], readSecret(staticData))) {
			this.getResponseObject().status(401).send('Unauthorized: unknown or missing secret').end();
			return { noWebhookResponse: true };
		}

		const body = this.getBodyData();
		if (typeof body !== 'object' || body === null || Array.isArray(body)) {
			this.getResponseObject().status(400).send('Expected a JSON object').end();
			return { noWebhookResponse: true };
		}

		// The service retries a delivery it thinks failed; the same call starts one execution only.
		const callId = body.id;
		if ((typeof callId === 'number' || typeof callId === 'string') && String(callId) !== '') {
			if (!rememberDelivery(staticData, String(callId), Date.now())) {
				return { webhookResponse: { received: true, duplicate: true } };
			}
		}

		const simplify = this.getNodeParameter('simplify', false) as boolean;
		const item = simplify ? simplifyPayload(body) : normalizePayload(body);
		return { workflowData: [this.helpers.returnJsonArray(item)] };
	}
}
