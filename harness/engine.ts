/**
 * Runs our nodes through n8n-core's real execution machinery (WorkflowExecute, node contexts,
 * parameter resolution, credential authentication, httpRequestWithAuthentication) in-process,
 * so node tests exercise what n8n itself does, against a real HTTP server (the sandbox).
 */
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type IRun,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import {
	ACTION_NODE_TYPE,
	makeAdditionalData,
	makeNode,
	makeWorkflow,
	nodeTypes,
	type TestCredentials,
} from './engineFixtures';

export {
	ACTION_NODE_TYPE,
	POLL_TRIGGER_NODE_TYPE,
	TRIGGER_NODE_TYPE,
	actionNodeDescription,
	makeAdditionalData,
	makeNode,
	makeWorkflow,
	type TestCredentials,
} from './engineFixtures';
export { createTriggerHarness, createWebhookContext, type TriggerHarness } from './triggerEngine';

/** Each run gets its own execution ID, as in n8n, so nothing remembered per execution leaks into the next test. */
let executionCounter = 0;

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
	/** Cancels the execution when aborted, as n8n's Stop does (the node sees its cancel signal). */
	signal?: AbortSignal;
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
	const running = execution.processRunExecutionData(workflow);
	const cancel = () => running.cancel();
	options.signal?.addEventListener('abort', cancel, { once: true });
	if (options.signal?.aborted) cancel();
	let run: IRun | undefined;
	try {
		run = (await running) ?? finished;
	} finally {
		options.signal?.removeEventListener('abort', cancel);
	}
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
