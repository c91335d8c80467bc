import { createClock, startSandbox, SandboxOptions, StartedSandbox } from '../../sandbox';
import {
	sandboxControl,
	sandboxRequest,
	type SandboxRequestOptions,
	type SandboxResponse,
	type Who,
} from '../helpers/sandboxHttp';

export type Res = SandboxResponse;
export type { Who };

export interface Client {
	sb: StartedSandbox;
	req(method: string, path: string, opts?: SandboxRequestOptions): Promise<Res>;
	get(path: string, as?: Who): Promise<Res>;
	post(path: string, body?: unknown, as?: Who): Promise<Res>;
	put(path: string, body?: unknown, as?: Who): Promise<Res>;
	ctl(method: string, path: string, body?: unknown): Promise<Res>;
	advance(ms: number): Promise<void>;
}

/** A sandbox on a manual clock; the general rate limit is off unless `opts.generalRateLimit` says otherwise. */
export async function boot(opts: SandboxOptions = {}): Promise<Client> {
	const sb = await startSandbox({
		port: 0,
		clock: createClock({ realTime: false }),
		generalRateLimit: false,
		...opts,
	});
	const req: Client['req'] = (method, path, o = {}) => sandboxRequest(sb, method, path, o);
	return {
		sb,
		req,
		get: (p, as) => req('GET', p, { as }),
		post: (p, body, as) => req('POST', p, { as, body: body ?? {} }),
		put: (p, body, as) => req('PUT', p, { as, body: body ?? {} }),
		ctl: (method, p, body) => sandboxControl(sb, method, p, body),
		advance: (ms) => sb.clock.advance(ms),
	};
}

export const validAssistant = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
	assistant_name: 'Test Bot',
	voice_id: 1001,
	language: 'German',
	llm_model: 'gpt-4o',
	calls_direction: 'make',
	engine_type: 'pipeline',
	timezone: 'Europe/Berlin',
	initial_message: 'Hallo!',
	system_prompt: 'You are a test bot. Be brief.',
	...over,
});
