/**
 * One HTTP request to a running sandbox, as its users or its controls would be called: the sandbox,
 * node and trigger suites' entry points to the one client in harness/sandboxClient.ts.
 */
import {
	SandboxClient,
	type SandboxEndpoint,
	type SandboxRequestOptions,
	type SandboxResponse,
} from '../../harness/sandboxClient';

export type {
	SandboxEndpoint,
	SandboxRequestOptions,
	SandboxResponse,
	Who,
} from '../../harness/sandboxClient';

export async function sandboxRequest(
	sandbox: SandboxEndpoint,
	method: string,
	path: string,
	options: SandboxRequestOptions = {},
): Promise<SandboxResponse> {
	return await new SandboxClient(sandbox).request(method, path, options);
}

/** A sandbox control, e.g. `sandboxControl(sb, 'POST', '/clock/advance', { ms: 1000 })`. */
export async function sandboxControl(
	sandbox: SandboxEndpoint,
	method: string,
	path: string,
	body?: unknown,
): Promise<SandboxResponse> {
	return await new SandboxClient(sandbox).control(method, path, body);
}
