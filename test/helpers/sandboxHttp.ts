/**
 * One HTTP request to a running sandbox, as its users or its controls would be called: the
 * common ground of the sandbox, node and trigger suites' clients.
 */
import type { StartedSandbox } from '../../sandbox';

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

/** Parsed here rather than with fetch's json(), whose objects belong to another realm and fail toStrictEqual. */
function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

export async function sandboxRequest(sandbox: StartedSandbox, method: string, path: string, options: SandboxRequestOptions = {}): Promise<SandboxResponse> {
	const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
	const as = options.as === undefined ? 'alice' : options.as;
	if (as === 'alice' || as === 'bob') headers.authorization = `Bearer ${sandbox.tokens[as]}`;
	else if (as === 'control') headers.authorization = `Bearer ${sandbox.controlToken}`;
	else if (as && typeof as === 'object') headers.authorization = as.raw;
	let payload: string | FormData | undefined;
	if (options.form) payload = options.form;
	else if (options.body !== undefined) {
		payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
		headers['content-type'] ??= 'application/json';
	}
	const response = await fetch(sandbox.url + path, { method, headers, body: payload });
	const text = await response.text();
	return { status: response.status, headers: response.headers, text, json: parseJson(text) };
}

/** A sandbox control, e.g. `sandboxControl(sb, 'POST', '/clock/advance', { ms: 1000 })`. */
export async function sandboxControl(sandbox: StartedSandbox, method: string, path: string, body?: unknown): Promise<SandboxResponse> {
	return await sandboxRequest(sandbox, method, `/__sandbox${path}`, { as: 'control', body });
}
