/**
 * Shared set-up of the throughput suites: an in-process sandbox (real-time clock, so its request
 * log's `at` is on the same clock as the node's pacer), the node run through n8n-core's
 * WorkflowExecute (test/helpers/engine.ts), and the sandbox's controls.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { createClock, SEED, startSandbox, type RequestLogEntry, type SandboxOptions, type StartedSandbox } from '../../sandbox';
import { runNode, type NodeRunResult, type TestCredentials } from '../helpers/engine';

export const ALICE = SEED.alice;

export interface ThroughputKit {
	sb: StartedSandbox;
	credentials: TestCredentials;
	run(parameters: INodeParameters, options?: { input?: INodeExecutionData[]; continueOnFail?: boolean; credentials?: Partial<TestCredentials> }): Promise<NodeRunResult>;
	/** API requests (not controls) in arrival order, optionally only one path. */
	requests(path?: string): Promise<RequestLogEntry[]>;
	ctl(method: string, path: string, body?: unknown): Promise<unknown>;
	fault(fault: { method?: string; path: string; count: number; kind: string; retryAfter?: number }): Promise<void>;
	/** Calls the API directly, as a client other than the node would. */
	api(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: IDataObject }>;
	stop(): Promise<void>;
}

export async function startThroughputKit(options: SandboxOptions = {}, credentials: Partial<TestCredentials> = {}): Promise<ThroughputKit> {
	const sb = await startSandbox({ port: 0, clock: createClock({ realTime: true }), ...options });
	const base: TestCredentials = { apiToken: sb.tokens.alice, baseUrl: sb.url, requestTimeoutSeconds: 5, ...credentials };
	const ctl: ThroughputKit['ctl'] = async (method, path, body) => {
		const response = await fetch(`${sb.url}/__sandbox${path}`, {
			method,
			headers: { authorization: `Bearer ${sb.controlToken}`, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`sandbox control ${method} ${path} answered ${response.status}: ${await response.text()}`);
		return await response.json();
	};
	return {
		sb,
		credentials: base,
		run: async (parameters, runOptions = {}) =>
			await runNode({
				parameters,
				input: runOptions.input,
				continueOnFail: runOptions.continueOnFail,
				credentials: { ...base, ...runOptions.credentials },
			}),
		requests: async (path) => (await ctl('GET', `/requests${path ? `?path=${encodeURIComponent(path)}` : ''}`)) as RequestLogEntry[],
		ctl,
		fault: async (fault) => {
			await ctl('POST', '/faults', fault);
		},
		api: async (method, path, body, token = sb.tokens.alice) => {
			const response = await fetch(`${sb.url}${path}`, {
				method,
				headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			return { status: response.status, json: (await response.json()) as IDataObject };
		},
		stop: async () => await sb.stop(),
	};
}

/** `count` input items, each with its own index under `n`. */
export function numberedItems(count: number, extra: (n: number) => IDataObject = () => ({})): INodeExecutionData[] {
	return Array.from({ length: count }, (_, n) => ({ json: { n, ...extra(n) } }));
}

export const sender = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });
export const assistant = (id: number) => ({ __rl: true, mode: 'id', value: String(id) });

/** The largest number of the given timestamps that fall into any window of `windowMs` (half-open). */
export function maxInAnyWindow(timestamps: number[], windowMs: number): number {
	const sorted = [...timestamps].sort((a, b) => a - b);
	let best = 0;
	let start = 0;
	for (let end = 0; end < sorted.length; end++) {
		while (sorted[end] - sorted[start] >= windowMs) start++;
		best = Math.max(best, end - start + 1);
	}
	return best;
}
