/**
 * Runs our nodes through n8n-core's real execution machinery (WorkflowExecute, node contexts,
 * parameter resolution, credential authentication, httpRequestWithAuthentication) in-process,
 * so node tests exercise what n8n itself does, against a real HTTP server (the sandbox).
 */
import { mock } from 'jest-mock-extended';
import {
	ExecutionLifecycleHooks,
	HookContext,
	LoadOptionsContext,
	WebhookContext,
	WorkflowExecute,
} from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	createRunExecutionData,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeData,
	type INodeTypeDescription,
	type INodeTypes,
	type IRun,
	type IVersionedNodeType,
	type IWebhookData,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { FamulorAiApi } from '../credentials/FamulorAiApi.credentials';
import { Famulor } from '../nodes/Famulor/Famulor.node';
import { FamulorPollTrigger } from '../nodes/FamulorPollTrigger/FamulorPollTrigger.node';
import { FamulorTrigger } from '../nodes/FamulorTrigger/FamulorTrigger.node';
import { CREDENTIAL_TYPE, type FamulorCredentials } from '../nodes/shared/transport';

export const ACTION_NODE_TYPE = 'n8n-nodes-famulor-ai.famulor';
export const TRIGGER_NODE_TYPE = 'n8n-nodes-famulor-ai.famulorTrigger';
export const POLL_TRIGGER_NODE_TYPE = 'n8n-nodes-famulor-ai.famulorPollTrigger';

/** The credential's data as the node reads it, always pointing at a sandbox or scripted server. */
export interface TestCredentials extends FamulorCredentials {
	baseUrl: string;
}

class TestNodeTypes implements INodeTypes {
	private readonly types: INodeTypeData = {
		[ACTION_NODE_TYPE]: { type: new Famulor(), sourcePath: '' },
		[TRIGGER_NODE_TYPE]: { type: new FamulorTrigger(), sourcePath: '' },
		[POLL_TRIGGER_NODE_TYPE]: { type: new FamulorPollTrigger(), sourcePath: '' },
	};

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		return this.types[nodeType].type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.types[nodeType].type, version);
	}

	getKnownTypes() {
		return {};
	}
}

/** Authenticates requests with the credential's own `authenticate`, as n8n's CredentialsHelper does. */
class TestCredentialsHelper extends ICredentialsHelper {
	private readonly credentialType = new FamulorAiApi();

	constructor(private readonly data: TestCredentials) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		_typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return await this.credentialType.authenticate(credentials, requestOptions);
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used in tests');
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		return { ...this.data } as unknown as ICredentialDataDecryptedObject;
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(): INodeProperties[] {
		return this.credentialType.properties;
	}
}

const nodeTypes = new TestNodeTypes();

/** The action node's description in one version (1 unless given), as n8n shows it. */
export function actionNodeDescription(version = 1): INodeTypeDescription {
	return nodeTypes.getByNameAndVersion(ACTION_NODE_TYPE, version).description;
}

/** Each run gets its own execution ID, as in n8n, so nothing remembered per execution leaks into the next test. */
let executionCounter = 0;

export function makeNode(
	type: string,
	parameters: INodeParameters,
	extra: Partial<INode> = {},
): INode {
	return {
		id: 'node-under-test',
		name: 'Famulor',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Famulor sandbox' } },
		...extra,
	};
}

export function makeWorkflow(nodes: INode[], staticData: IDataObject = {}): Workflow {
	return new Workflow({
		id: 'wf-test',
		nodes,
		connections: {},
		active: false,
		nodeTypes,
		staticData,
	});
}

export function makeAdditionalData(
	credentials: TestCredentials,
	hooks?: ExecutionLifecycleHooks,
	executionId = 'test-execution',
): IWorkflowExecuteAdditionalData {
	const additionalData = mock<IWorkflowExecuteAdditionalData>();
	Object.assign(additionalData, {
		credentialsHelper: new TestCredentialsHelper(credentials),
		hooks,
		executionId,
		restApiUrl: 'http://localhost:5678/rest',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		variables: {},
		currentNodeExecutionIndex: 0,
	});
	return additionalData;
}

export interface RunNodeOptions {
	parameters: INodeParameters;
	/** Input items; defaults to one empty item. */
	input?: INodeExecutionData[];
	credentials: TestCredentials;
	continueOnFail?: boolean;
	/** Node version; 1 unless given (version 1 is the seed specification's). */
	typeVersion?: number;
	/** n8n's node settings, e.g. `{ retryOnFail: true, maxTries: 3, waitBetweenTries: 0 }`. */
	settings?: Partial<
		Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'alwaysOutputData'>
	>;
	/**
	 * Runs as n8n's Retry of this failed run (mode `retry`, a new execution ID): from its saved data,
	 * as n8n's executions service does (the failed node's last run removed, the rest kept).
	 */
	retryOf?: NodeRunResult;
	/** The execution's mode; `manual` unless given (`retry` when retrying). */
	mode?: WorkflowExecuteMode;
}

export interface NodeRunError {
	name?: string;
	message: string;
	description?: string | null;
	context?: IDataObject;
	httpCode?: string | null;
	[key: string]: unknown;
}

export interface NodeRunResult {
	/** Items of the node's first output. */
	output: INodeExecutionData[];
	/** The node's error when it failed (Continue On Fail off). */
	error?: NodeRunError;
	/** The execution's data as n8n saves it (JSON, as from the database). */
	saved?: IRun['data'];
}

/** What n8n's executions service hands a retry: the failed execution's data, its error and the failed node's last run removed. */
function retryData(failed: NodeRunResult): IRun['data'] {
	if (!failed.saved) throw new Error('the run to retry has no saved data');
	const data = JSON.parse(JSON.stringify(failed.saved)) as IRun['data'];
	const { lastNodeExecuted } = data.resultData;
	if (lastNodeExecuted) {
		delete data.resultData.error;
		const runs = data.resultData.runData[lastNodeExecuted] ?? [];
		if (runs.length > 0 && runs[runs.length - 1].error !== undefined) runs.pop();
	}
	return data;
}

/** Executes the action node once, as a manual execution would, and returns its output or error. */
export async function runNode(options: RunNodeOptions): Promise<NodeRunResult> {
	const node = makeNode(ACTION_NODE_TYPE, options.parameters, {
		typeVersion: options.typeVersion ?? 1,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		...options.settings,
	});
	const workflow = makeWorkflow([node]);
	const executionId = `test-execution-${++executionCounter}`;
	const mode: WorkflowExecuteMode = options.retryOf ? 'retry' : (options.mode ?? 'manual');
	const hooks = new ExecutionLifecycleHooks(mode, executionId, {
		id: 'wf-test',
		name: 'test',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [node],
		connections: {},
		activeVersionId: null,
	} as never);
	let finished: IRun | undefined;
	hooks.addHandler('workflowExecuteAfter', (run) => {
		finished = run;
	});
	const additionalData = makeAdditionalData(options.credentials, hooks, executionId);
	const runExecutionData = options.retryOf
		? retryData(options.retryOf)
		: createRunExecutionData({
				executionData: {
					nodeExecutionStack: [
						{ node, data: { main: [options.input ?? [{ json: {} }]] }, source: null },
					],
				},
			});
	const execution = new WorkflowExecute(additionalData, mode, runExecutionData);
	const run = (await execution.processRunExecutionData(workflow)) ?? finished;
	const taskData = run?.data.resultData.runData[node.name]?.[0];
	const error = (taskData?.error ?? run?.data.resultData.error) as unknown as
		NodeRunError | undefined;
	const saved = run ? (JSON.parse(JSON.stringify(run.data)) as IRun['data']) : undefined;
	return { output: taskData?.data?.main?.[0] ?? [], error, saved };
}

/** Calls one of the action node's listSearch or loadOptions methods through n8n-core's LoadOptionsContext. */
export async function runLoadMethod<T>(
	kind: 'listSearch' | 'loadOptions',
	method: string,
	credentials: TestCredentials,
	...args: unknown[]
): Promise<T> {
	return await runLoadMethodOf<T>({ kind, method, credentials, args });
}

export interface LoadMethodCall {
	kind: 'listSearch' | 'loadOptions' | 'resourceMapping';
	method: string;
	credentials: TestCredentials;
	args?: unknown[];
	/** Node version whose methods run; 1 unless given. */
	typeVersion?: number;
	/** The node's current parameters, for methods that depend on other fields (e.g. a sender's templates). */
	parameters?: INodeParameters;
}

/** Calls a listSearch, loadOptions or resourceMapping method of one node version, with the node's current parameters. */
export async function runLoadMethodOf<T>(call: LoadMethodCall): Promise<T> {
	const typeVersion = call.typeVersion ?? 1;
	const node = makeNode(
		ACTION_NODE_TYPE,
		call.parameters ?? { resource: 'call', operation: 'make' },
		{ typeVersion },
	);
	const workflow = makeWorkflow([node]);
	const additionalData = makeAdditionalData(call.credentials);
	// What the editor sends along: the parameters as they stand, read by getCurrentNodeParameter.
	additionalData.currentNodeParameters = node.parameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	const methods = nodeTypes.getByNameAndVersion(ACTION_NODE_TYPE, typeVersion).methods ?? {};
	const fn = (methods[call.kind] as unknown as Record<string, (...a: unknown[]) => Promise<T>>)[
		call.method
	];
	const args = call.args ?? [];
	return await fn.call(context, ...args);
}

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

/** Runs a function with a real n8n-core request context (credentials + httpRequestWithAuthentication), e.g. to call the transport directly. */
export async function withRequestContext<T>(
	credentials: TestCredentials,
	fn: (this: LoadOptionsContext) => Promise<T>,
): Promise<T> {
	const node = makeNode(ACTION_NODE_TYPE, { resource: 'call', operation: 'make' });
	const context = new LoadOptionsContext(
		makeWorkflow([node]),
		node,
		makeAdditionalData(credentials),
		'parameters',
	);
	return await fn.call(context);
}
