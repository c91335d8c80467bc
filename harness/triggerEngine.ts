/** Trigger nodes in-process: the webhook trigger's lifecycle (n8n-core's HookContext) and its deliveries (WebhookContext). */
import { HookContext, WebhookContext } from 'n8n-core';
import {
	type IDataObject,
	type INode,
	type INodeParameters,
	type IWebhookData,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { FamulorTrigger } from '../nodes/FamulorTrigger/FamulorTrigger.node';
import {
	TRIGGER_NODE_TYPE,
	makeAdditionalData,
	makeNode,
	makeWorkflow,
	type TestCredentials,
} from './engineFixtures';

export interface TriggerHarness {
	node: INode;
	workflow: Workflow;
	staticData: IDataObject;
	webhookData: IWebhookData;
	/** Calls checkExists / create / delete as n8n's webhook service does. */
	lifecycle(
		method: 'checkExists' | 'create' | 'delete',
		mode?: WorkflowExecuteMode,
		activation?: WorkflowActivateMode,
	): Promise<boolean>;
	/** The URL n8n would register for this trigger. */
	webhookUrl: string;
}

/** A trigger node in a workflow, with n8n-core's HookContext for its lifecycle methods. */
export function createTriggerHarness(
	parameters: INodeParameters,
	credentials: TestCredentials,
	webhookId = 'e2d5a9c0-0000-4000-8000-000000000001',
	typeVersion = 1,
): TriggerHarness {
	const node = makeNode(TRIGGER_NODE_TYPE, parameters, {
		name: 'Famulor Trigger',
		webhookId,
		typeVersion,
	});
	const staticData: IDataObject = {};
	const workflow = makeWorkflow([node], staticData);
	const additionalData = makeAdditionalData(credentials);
	const webhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: `${webhookId}/webhook`,
		webhookDescription: {
			name: 'default',
			httpMethod: 'POST',
			path: 'webhook',
			responseMode: 'onReceived',
		},
		workflowId: 'wf-test',
		workflowExecuteAdditionalData: additionalData,
		webhookId,
	} as unknown as IWebhookData;
	const trigger = new FamulorTrigger();
	return {
		node,
		workflow,
		staticData,
		webhookData,
		webhookUrl: `http://localhost:5678/webhook/${webhookId}/webhook`,
		async lifecycle(method, mode = 'trigger', activation = 'activate') {
			const context = new HookContext(
				workflow,
				node,
				additionalData,
				mode,
				activation,
				webhookData,
			);
			const methods = trigger.webhookMethods?.default;
			if (!methods) throw new Error('trigger has no webhookMethods.default');
			return await methods[method].call(context);
		},
	};
}

/**
 * Builds n8n-core's WebhookContext for a delivery, with a request/response pair of our own.
 * `rawBody`: the bytes as received (default: the body serialised). `staticData`: the workflow's
 * static data as n8n loads it for this one delivery (default: the harness workflow's own).
 */
export function createWebhookContext(
	harness: TriggerHarness,
	request: {
		body: unknown;
		query?: IDataObject;
		headers?: Record<string, string>;
		rawBody?: Buffer;
		staticData?: IDataObject;
	},
) {
	// Own request/response per delivery (concurrent deliveries must not share them); the rest comes from the harness.
	const additionalData = Object.create(
		harness.webhookData.workflowExecuteAdditionalData,
	) as IWorkflowExecuteAdditionalData;
	const headers = Object.fromEntries(
		Object.entries(request.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
	);
	const rawBody = request.rawBody ?? Buffer.from(JSON.stringify(request.body ?? {}));
	const workflow = request.staticData
		? makeWorkflow([harness.node], request.staticData)
		: harness.workflow;
	const httpRequest = {
		body: request.body,
		rawBody,
		query: request.query ?? {},
		headers,
		params: {},
		method: 'POST',
		header: (name: string) => headers[name.toLowerCase()],
	};
	const response = { statusCode: 200, body: undefined as unknown, ended: false };
	const httpResponse = {
		status(code: number) {
			response.statusCode = code;
			return httpResponse;
		},
		send(body?: unknown) {
			response.body = body;
			return httpResponse;
		},
		json(body?: unknown) {
			response.body = body;
			return httpResponse;
		},
		end() {
			response.ended = true;
			return httpResponse;
		},
		setHeader() {
			return httpResponse;
		},
	};
	Object.assign(additionalData, { httpRequest, httpResponse });
	const context = new WebhookContext(
		workflow,
		workflow.getNode(harness.node.name) ?? harness.node,
		additionalData,
		'trigger',
		harness.webhookData,
		[],
		null,
	);
	return { context, response, workflow };
}
