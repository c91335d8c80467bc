/**
 * What cases 1–4 of `npm run bench` share: an in-process sandbox on the real clock with the node's
 * documented limits (generate-reply scaled down), the credential that matches it, and the node run
 * through n8n-core's WorkflowExecute (harness/engine.ts).
 */
import '../harness/jestShim';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import {
	createClock,
	SEED,
	startSandbox,
	type RequestLogEntry,
	type StartedSandbox,
} from '../sandbox';
import { runNode, type NodeRunResult, type TestCredentials } from '../harness/engine';
import { SandboxClient } from '../harness/sandboxClient';

export const FREEFORM = { limit: 5, windowMs: 1000 };
/** Generate-reply scaled down from 5 per 60 s so the run is short; the credential says the same. */
export const REPLY = { limit: 5, windowMs: 6000 };
export const ALICE = SEED.alice;

export const items = (count: number): INodeExecutionData[] =>
	Array.from({ length: count }, (_, n) => ({ json: { n } }));
export const sender = { __rl: true, mode: 'id', value: String(ALICE.senders.online) };

/** Items that came out as errors (Continue On Fail), or all of them if the node failed. */
export function failedItems(
	result: NodeRunResult,
	count: number,
): { failed: number; rateLimited: number } {
	if (result.error)
		return { failed: count, rateLimited: result.error.httpCode === '429' ? count : 0 };
	const errors = result.output.filter((item) => item.json.error !== undefined);
	return {
		failed: errors.length + Math.max(0, count - result.output.length),
		rateLimited: errors.filter((item) => item.json.httpCode === 429).length,
	};
}

export interface InProcessBench {
	sb: StartedSandbox;
	credentials: TestCredentials;
	control(method: string, path: string, body?: unknown): Promise<unknown>;
	requestCount(): Promise<{ requests: number; seen429: number }>;
	clearLog(): Promise<void>;
	node(
		parameters: INodeParameters,
		input: INodeExecutionData[],
		extra?: Partial<TestCredentials>,
	): Promise<NodeRunResult>;
	raw(path: string, token?: string): Promise<IDataObject>;
	stop(): Promise<void>;
}

/** Cases 1–4 measure the node's own limits and costs, so the general limit is off here; case 5 meets it. */
export async function startInProcessBench(): Promise<InProcessBench> {
	const sb = await startSandbox({
		port: 0,
		clock: createClock({ realTime: true }),
		callDurationMs: 0,
		generalRateLimit: false,
		rateLimits: { sendFreeform: FREEFORM, generateReply: REPLY },
	});
	const client = new SandboxClient(sb);
	const control = async (method: string, path: string, body?: unknown): Promise<unknown> =>
		await client.controlJson(method, path, body);
	const requestCount = async (): Promise<{ requests: number; seen429: number }> => {
		const log: RequestLogEntry[] = await client.requests();
		return { requests: log.length, seen429: log.filter((entry) => entry.status === 429).length };
	};
	const clearLog = async () => await client.clearRequests();
	const credentials: TestCredentials = {
		apiToken: sb.tokens.alice,
		baseUrl: sb.url,
		customRateLimits: true,
		// The sandbox's general limit is off in cases 1–4, so the node's pacing to it is too.
		generalLimit: 0,
		generalBurstLimit: 0,
		generateReplyLimit: REPLY.limit,
		generateReplyWindowSeconds: REPLY.windowMs / 1000,
		sendFreeformLimit: FREEFORM.limit,
		sendFreeformWindowSeconds: FREEFORM.windowMs / 1000,
	};
	const node = (
		parameters: INodeParameters,
		input: INodeExecutionData[],
		extra: Partial<TestCredentials> = {},
	) =>
		runNode({ parameters, input, continueOnFail: true, credentials: { ...credentials, ...extra } });
	const raw = async (path: string, token = sb.tokens.alice): Promise<IDataObject> => {
		const response = await fetch(`${sb.url}${path}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (!response.ok) throw new Error(`${path}: ${response.status}`);
		return (await response.json()) as IDataObject;
	};
	return { sb, credentials, control, requestCount, clearLog, node, raw, stop: () => sb.stop() };
}
