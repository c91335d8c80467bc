/**
 * Shared set-up of the node suites of the assistant, conversation and AI reply resources: a real
 * sandbox, the node run through n8n-core (test/helpers/engine.ts), and the sandbox's request log.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type SandboxOptions, type StartedSandbox } from '../../sandbox';
import { runNode, type NodeRunResult, type TestCredentials } from '../helpers/engine';

export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, unknown>;
	body: unknown;
	status: number | null;
	contentType: string | null;
}

export interface Kit {
	sb: StartedSandbox;
	credentials: TestCredentials;
	run(parameters: INodeParameters, options?: { input?: INodeExecutionData[]; continueOnFail?: boolean; credentials?: Partial<TestCredentials> }): Promise<NodeRunResult>;
	/** Requests to the API (not the controls) since the last clearRequests(). */
	requests(): Promise<LoggedRequest[]>;
	clearRequests(): Promise<void>;
	ctl(method: string, path: string, body?: unknown): Promise<IDataObject>;
	/** Calls the API directly as alice (to prepare data). */
	api(method: string, path: string, body?: unknown): Promise<{ status: number; json: IDataObject }>;
}

/** Parsed in the test's own realm (fetch's json() builds objects of another realm, which toStrictEqual rejects). */
function parseHere(text: string): unknown {
	return JSON.parse(text) as unknown;
}

export async function startKit(options: SandboxOptions = {}, credentials: Partial<TestCredentials> = {}): Promise<Kit> {
	const sb = await startSandbox({ port: 0, ...options });
	const baseCredentials: TestCredentials = { apiToken: sb.tokens.alice, baseUrl: sb.url, ...credentials };
	const ctl: Kit['ctl'] = async (method, path, body) => {
		const response = await fetch(`${sb.url}/__sandbox${path}`, {
			method,
			headers: { authorization: `Bearer ${sb.controlToken}`, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return parseHere(await response.text()) as IDataObject;
	};
	return {
		sb,
		credentials: baseCredentials,
		run: async (parameters, runOptions = {}) =>
			await runNode({
				parameters,
				input: runOptions.input,
				continueOnFail: runOptions.continueOnFail,
				credentials: { ...baseCredentials, ...runOptions.credentials },
			}),
		requests: async () => (await ctl('GET', '/requests')) as unknown as LoggedRequest[],
		clearRequests: async () => {
			await ctl('DELETE', '/requests');
		},
		ctl,
		api: async (method, path, body) => {
			const response = await fetch(`${sb.url}${path}`, {
				method,
				headers: { authorization: `Bearer ${sb.tokens.alice}`, accept: 'application/json', 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			return { status: response.status, json: parseHere(await response.text()) as IDataObject };
		},
	};
}

/** Everything of a run a user or another node could see: output items and the error with its details. */
export function visibleText(result: NodeRunResult): string {
	const error = result.error;
	const errorParts = error
		? [error.message, error.description, error.context, error.httpCode, (error as { cause?: unknown }).cause, error]
		: [];
	const safe = (value: unknown): string => {
		try {
			return JSON.stringify(value) ?? '';
		} catch {
			return String(value);
		}
	};
	return [safe(result.output), ...errorParts.map(safe), error ? String(error.stack ?? '') : ''].join('\n');
}

/** The JSON of each output item. */
export function jsonOf(result: NodeRunResult): IDataObject[] {
	return result.output.map((item) => item.json);
}

export const items = (...values: IDataObject[]): INodeExecutionData[] => values.map((json) => ({ json }));
