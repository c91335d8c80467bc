/**
 * Set-up of the action node suites: a real sandbox, the credential pointing at it, the node run
 * through n8n-core (harness/engine.ts) on the driven clock (../helpers/drivenClock.ts), readers of
 * the sandbox's request log, and what the token checks need. Every helper talks to the sandbox over
 * HTTP, as the node does.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	SEED,
	startSandbox,
	type Fault,
	type RequestLogEntry,
	type SandboxOptions,
	type StartedSandbox,
} from '../../sandbox';
import {
	runLoadMethodOf,
	runNode,
	type NodeRunResult,
	type RunNodeOptions,
	type TestCredentials,
} from '../../harness/engine';
import { UNPACED_GENERAL_LIMIT } from '../../harness/credentials';
import { sandboxControl, sandboxRequest } from '../helpers/sandboxHttp';
import { useSuiteFixture } from '../helpers/suite';
import { expectDeletedOnce, expectFailedBeforeSending, expectSentOnce } from './checks';
import { clock } from '../helpers/drivenClock';

/**
 * The file's clock (../helpers/drivenClock.ts): useDrivenKit installs it before the sandbox starts,
 * so the sandbox's clock, the node's waits and Date are all on it, and every run moves it while it
 * waits. Not installed, runs take real time.
 */
export { clock };

export { fieldTypes, jsonOf, only, visibleText } from './runReaders';
export {
	callEachPhone,
	GENERATE_REPLY,
	items,
	limitTo,
	locator,
	NO_FIELD_TO_CHANGE,
	notAnIdRow,
	operationParameters,
	phoneItems,
	SMS_CAPABLE_NUMBERS,
} from './parameters';
export {
	describeTokenNeverShown,
	expectMiddleItemRefused,
	expectPairedWith,
	onlyItemOf,
} from './checks';
export { apiGeneration, V2, v2Run, v2Runner } from './runners';

export interface RunOptions {
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	credentials?: Partial<TestCredentials>;
	/** Node version; 1 unless given. */
	typeVersion?: number;
	/** n8n's node settings such as Retry On Fail. */
	settings?: RunNodeOptions['settings'];
	/** Runs as n8n's Retry of this failed run (see RunNodeOptions). */
	retryOf?: NodeRunResult;
	mode?: RunNodeOptions['mode'];
}

export interface Kit {
	sandbox: StartedSandbox;
	credentials: TestCredentials;
	/** Every result of run(), for the checks that the token never shows. */
	runs: NodeRunResult[];
	/**
	 * Runs the action node with the kit's credentials (overridable per run), moving the driven clock
	 * while it waits.
	 */
	run(parameters: INodeParameters, options?: RunOptions): Promise<NodeRunResult>;
	/**
	 * Cancels the runs still under way (those of a test that timed out), as n8n's Stop does, and waits
	 * until they have ended: nothing of them reaches the next test.
	 */
	endRuns(): Promise<void>;
	/**
	 * Requests the node sent (control requests excluded), in order, since the last reset or clearRequests();
	 * with `path`, only those to that path (a trailing `*` matches a prefix).
	 */
	requests(path?: string): Promise<RequestLogEntry[]>;
	/** Forgets the logged requests, so a test sees only what follows. */
	clearRequests(): Promise<void>;
	/** The checks of what a run sent, on this kit's request log: see checks.ts. */
	expectSentOnce(
		result: NodeRunResult,
		route: string,
		expected?: Partial<RequestLogEntry>,
	): Promise<RequestLogEntry>;
	expectDeletedOnce(result: NodeRunResult, path: string, output: IDataObject): Promise<void>;
	expectFailedBeforeSending(result: NodeRunResult, field: string): Promise<void>;
	/** Calls a sandbox control, e.g. `control('POST', '/clock/advance', { ms: 1000 })`; fails unless it answers 2xx. */
	control<T = IDataObject>(method: string, path: string, body?: unknown): Promise<T>;
	/** Makes the sandbox answer the next `count` matching requests with the fault `kind` (500, 429, timeout, reset, ...). */
	fault(fault: Fault): Promise<void>;
	/** Calls the API directly, as alice unless another token is given (to prepare or inspect data, or act as another client). */
	api(
		method: string,
		path: string,
		body?: unknown,
		token?: string,
	): Promise<{ status: number; json: IDataObject }>;
	stop(): Promise<void>;
}

/**
 * Documents stay "processing" for a minute, so no test sees one finish by itself. The sandbox's general
 * rate limit is off to match (suites send far more than 20 requests in 10 s); a suite that needs it
 * passes `generalRateLimit`.
 * `credentials` overrides fields of the credential every run uses.
 */
export async function startKit(
	options: SandboxOptions = {},
	credentials: Partial<TestCredentials> = {},
): Promise<Kit> {
	const sandbox = await startSandbox({
		port: 0,
		documentProcessingMs: 60_000,
		generalRateLimit: false,
		...options,
	});
	const baseCredentials: TestCredentials = {
		apiToken: sandbox.tokens.alice,
		baseUrl: sandbox.url,
		...UNPACED_GENERAL_LIMIT,
		...credentials,
	};
	const runs: NodeRunResult[] = [];
	const underWay = new Set<AbortController>();
	const control = async <T = IDataObject>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<T> => {
		const response = await sandboxControl(sandbox, method, path, body);
		if (response.status < 200 || response.status > 299)
			throw new Error(
				`sandbox control ${method} ${path} answered ${response.status}: ${response.text}`,
			);
		return response.json as T;
	};
	const kit: Kit = {
		sandbox,
		credentials: baseCredentials,
		runs,
		async run(parameters, runOptions = {}) {
			const cancel = new AbortController();
			underWay.add(cancel);
			try {
				const result = await clock.drive(async () =>
					runNode({
						parameters,
						input: runOptions.input,
						continueOnFail: runOptions.continueOnFail,
						typeVersion: runOptions.typeVersion,
						settings: runOptions.settings,
						retryOf: runOptions.retryOf,
						mode: runOptions.mode,
						credentials: { ...baseCredentials, ...runOptions.credentials },
						signal: cancel.signal,
					}),
				);
				runs.push(result);
				return result;
			} finally {
				underWay.delete(cancel);
			}
		},
		async endRuns() {
			for (const cancel of underWay) cancel.abort();
			clock.release();
			await clock.settle();
		},
		async requests(path) {
			const log = await control<RequestLogEntry[]>(
				'GET',
				path === undefined ? '/requests' : `/requests?path=${encodeURIComponent(path)}`,
			);
			return log.filter((entry) => !entry.path.startsWith('/__sandbox'));
		},
		async clearRequests() {
			await control('DELETE', '/requests');
		},
		control,
		async expectSentOnce(result, route, expected) {
			return await expectSentOnce(kit, result, route, expected);
		},
		async expectDeletedOnce(result, path, output) {
			await expectDeletedOnce(kit, result, path, output);
		},
		async expectFailedBeforeSending(result, field) {
			await expectFailedBeforeSending(kit, result, field);
		},
		async fault(fault) {
			await control('POST', '/faults', fault);
		},
		async api(method, path, body, token) {
			const { status, json } = await sandboxRequest(sandbox, method, path, {
				body,
				as: token === undefined ? 'alice' : { raw: `Bearer ${token}` },
			});
			return { status, json: json as IDataObject };
		},
		async stop() {
			await sandbox.stop();
		},
	};
	return kit;
}

/**
 * Registers the suite's hooks: one kit for the file; before every test, the runs of the one before
 * ended and a sandbox reset (data, request log, faults, rate windows); stopped at the end. Returns
 * the kit's accessor. On the real clock: the action node suites use useDrivenKit.
 */
export function useKit(
	options: SandboxOptions = {},
	credentials: Partial<TestCredentials> = {},
): () => Kit {
	return useKitOn(false, options, credentials);
}

/** useKit on the file's driven clock, installed before the sandbox starts. */
export function useDrivenKit(
	options: SandboxOptions = {},
	credentials: Partial<TestCredentials> = {},
): () => Kit {
	return useKitOn(true, options, credentials);
}

function useKitOn(
	driven: boolean,
	options: SandboxOptions,
	credentials: Partial<TestCredentials>,
): () => Kit {
	return useSuiteFixture({
		start: async () => {
			if (driven) clock.install();
			return await startKit(options, credentials);
		},
		beforeEach: async (kit) => {
			await kit.endRuns();
			await kit.control('POST', '/reset');
		},
		stop: async (kit) => {
			await kit.endRuns();
			if (driven) clock.uninstall();
			await kit.stop();
		},
	});
}

/** Runs one of version 2's list searches (a picker's From List) with the kit's credential. */
export function v2Search(kit: () => Kit) {
	return async <T>(method: string, ...args: unknown[]): Promise<T> =>
		await clock.drive(async () =>
			runLoadMethodOf<T>({
				kind: 'listSearch',
				method,
				credentials: kit().credentials,
				args,
				typeVersion: 2,
			}),
		);
}

/** Opens a chat of alice's chat assistant through the API, outside the request log; its UUID. */
export async function newChat(kit: Kit, type = 'widget'): Promise<string> {
	const created = await kit.api('POST', '/api/conversations', {
		assistant_id: SEED.alice.chatAssistantUuid,
		type,
	});
	await kit.clearRequests();
	return created.json.conversation_id as string;
}
