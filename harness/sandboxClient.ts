/**
 * The one client of a running sandbox over HTTP, as its users and its controls are called: used by the
 * sandbox, node and trigger suites (through ./sandboxHttp), the real-n8n end-to-end tests and the benchmark.
 */
import type { RequestLogEntry, WebhookLogEntry } from '../sandbox';

/** Where a sandbox answers and its tokens: a StartedSandbox, or one running in another process. */
export interface SandboxEndpoint {
	/** e.g. http://127.0.0.1:3456, no trailing slash */
	url: string;
	tokens: { alice: string; bob: string };
	controlToken: string;
}

export interface SandboxResponse {
	status: number;
	headers: Headers;
	text: string;
	/** The body parsed as JSON in the test's own realm, `undefined` when it is not JSON. */
	json: any;
}

/** Whose token is sent: a seeded user (default alice), the control token, none, or a raw Authorization header. */
export type Who = 'alice' | 'bob' | 'control' | null | { raw: string };

export interface SandboxRequestOptions {
	as?: Who;
	/** Sent as JSON unless it is a string already. */
	body?: unknown;
	form?: FormData;
	headers?: Record<string, string>;
}

/** Filters of the request log (`GET /__sandbox/requests`): `path` exact or a prefix ending in `*`; `since` a seq, exclusive. */
export interface RequestLogFilter {
	path?: string;
	method?: string;
	since?: number;
}

/** Parsed here rather than with fetch's json(), whose objects belong to another realm and fail toStrictEqual. */
function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

function queryString(filter: object): string {
	const pairs = Object.entries(filter).filter(([, value]) => value !== undefined);
	return pairs.length === 0
		? ''
		: `?${new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString()}`;
}

export class SandboxClient {
	constructor(readonly sandbox: SandboxEndpoint) {}

	/** Any request; the body is JSON unless it is a string or a form. */
	async request(
		method: string,
		path: string,
		options: SandboxRequestOptions = {},
	): Promise<SandboxResponse> {
		const headers: Record<string, string> = {
			accept: 'application/json',
			...(options.headers ?? {}),
		};
		const as = options.as === undefined ? 'alice' : options.as;
		if (as === 'alice' || as === 'bob') headers.authorization = `Bearer ${this.sandbox.tokens[as]}`;
		else if (as === 'control') headers.authorization = `Bearer ${this.sandbox.controlToken}`;
		else if (as && typeof as === 'object') headers.authorization = as.raw;
		let payload: string | FormData | undefined;
		if (options.form) payload = options.form;
		else if (options.body !== undefined) {
			payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
			headers['content-type'] ??= 'application/json';
		}
		const response = await fetch(this.sandbox.url + path, { method, headers, body: payload });
		const text = await response.text();
		return { status: response.status, headers: response.headers, text, json: parseJson(text) };
	}

	/** A control, e.g. `control('POST', '/clock/advance', { ms: 1000 })`; the answer whatever its status. */
	async control(method: string, path: string, body?: unknown): Promise<SandboxResponse> {
		return await this.request(method, `/__sandbox${path}`, { as: 'control', body });
	}

	/** A control's JSON answer; throws on a non-2xx status. */
	async controlJson<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await this.control(method, path, body);
		if (response.status < 200 || response.status > 299)
			throw new Error(`sandbox control ${method} ${path}: ${response.status} ${response.text}`);
		return response.json as T;
	}

	/** The API as a seeded user: status and parsed JSON. */
	async api<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
		as: 'alice' | 'bob' = 'alice',
	): Promise<{ status: number; json: T }> {
		const response = await this.request(method, path, { as, body });
		return { status: response.status, json: response.json as T };
	}

	/** The request log, controls included. */
	async requests(filter: RequestLogFilter = {}): Promise<RequestLogEntry[]> {
		return await this.controlJson<RequestLogEntry[]>('GET', `/requests${queryString(filter)}`);
	}

	/** The request log without the controls: what a client of the service sent. */
	async apiRequests(filter: RequestLogFilter = {}): Promise<RequestLogEntry[]> {
		return (await this.requests(filter)).filter((entry) => !entry.path.startsWith('/__sandbox'));
	}

	async clearRequests(): Promise<void> {
		await this.controlJson('DELETE', '/requests');
	}

	/** The webhook delivery log. */
	async webhooks(filter: { callId?: number; since?: number } = {}): Promise<WebhookLogEntry[]> {
		return await this.controlJson<WebhookLogEntry[]>('GET', `/webhooks${queryString(filter)}`);
	}

	/** Seeded state again (logs, faults and rate limits cleared; tokens kept; clock not rewound). */
	async reset(): Promise<void> {
		await this.controlJson('POST', '/reset');
	}
}
