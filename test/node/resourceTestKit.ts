/**
 * Shared setup of the resource node tests: a sandbox, the credential pointing at it, and readers
 * of the sandbox's request log. Every helper talks to the sandbox over HTTP, as the node does.
 */
import { startSandbox, type RequestLogEntry, type StartedSandbox } from '../../sandbox';
import { runNode, type NodeRunResult, type RunNodeOptions, type TestCredentials } from '../helpers/engine';

export interface Kit {
	sandbox: StartedSandbox;
	credentials: TestCredentials;
	/** Requests the node sent (control requests excluded), in order. */
	requests(): Promise<RequestLogEntry[]>;
	/** Forgets the logged requests, so a test sees only its own. */
	clearRequests(): Promise<void>;
	/** Calls a sandbox control, e.g. `control('POST', '/clock/advance', { ms: 1000 })`. */
	control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	/** Runs the action node with the kit's credentials. */
	run(options: Omit<RunNodeOptions, 'credentials'> & { credentials?: Partial<TestCredentials> }): Promise<NodeRunResult>;
	stop(): Promise<void>;
}

export async function startKit(): Promise<Kit> {
	const sandbox = await startSandbox({ port: 0, documentProcessingMs: 60_000 });
	const credentials: TestCredentials = { apiToken: sandbox.tokens.alice, baseUrl: sandbox.url };
	const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
		const response = await fetch(`${sandbox.url}/__sandbox${path}`, {
			method,
			headers: { Authorization: `Bearer ${sandbox.controlToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`sandbox control ${method} ${path} answered ${response.status}: ${await response.text()}`);
		return (await response.json()) as T;
	};
	return {
		sandbox,
		credentials,
		control,
		async requests() {
			const log = await control<RequestLogEntry[]>('GET', '/requests');
			return log.filter((entry) => !entry.path.startsWith('/__sandbox'));
		},
		async clearRequests() {
			await control('DELETE', '/requests');
		},
		async run(options) {
			return await runNode({ ...options, credentials: { ...credentials, ...options.credentials } });
		},
		async stop() {
			await sandbox.stop();
		},
	};
}

/** Everything the node produced that a user or a log could see: output items and the error with its description and context. */
export function visibleText(result: NodeRunResult): string {
	const error = result.error
		? { message: result.error.message, description: result.error.description, context: result.error.context, httpCode: result.error.httpCode }
		: null;
	return JSON.stringify({ output: result.output.map((item) => item.json), error });
}

/** The single logged request, failing with the whole log when there is not exactly one. */
export function only(log: RequestLogEntry[]): RequestLogEntry {
	if (log.length !== 1) throw new Error(`expected exactly one request, got ${log.length}: ${JSON.stringify(log.map((e) => `${e.method} ${e.path}`))}`);
	return log[0];
}

/** Names and JSON types of a body's fields, e.g. `{ sender_id: 'number', message: 'string' }`. */
export function fieldTypes(body: unknown): Record<string, string> {
	return Object.fromEntries(
		Object.entries((body ?? {}) as Record<string, unknown>).map(([key, value]) => [key, Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value]),
	);
}
