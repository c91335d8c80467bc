import { createClock, startSandbox, SandboxOptions, StartedSandbox } from '../../sandbox';

export interface Res {
	status: number;
	headers: Headers;
	text: string;
	json: any;
}

export type Who = 'alice' | 'bob' | null | { raw: string };

export interface Client {
	sb: StartedSandbox;
	req(method: string, path: string, opts?: { as?: Who; body?: unknown; form?: FormData; headers?: Record<string, string> }): Promise<Res>;
	get(path: string, as?: Who): Promise<Res>;
	post(path: string, body?: unknown, as?: Who): Promise<Res>;
	put(path: string, body?: unknown, as?: Who): Promise<Res>;
	ctl(method: string, path: string, body?: unknown): Promise<Res>;
	advance(ms: number): Promise<void>;
}

export async function boot(opts: SandboxOptions = {}): Promise<Client> {
	const sb = await startSandbox({ port: 0, clock: createClock({ realTime: false }), ...opts });
	const req: Client['req'] = async (method, path, o = {}) => {
		const headers: Record<string, string> = { accept: 'application/json', ...(o.headers ?? {}) };
		const as = o.as === undefined ? 'alice' : o.as;
		if (as === 'alice' || as === 'bob') headers.authorization = `Bearer ${sb.tokens[as]}`;
		else if (as && typeof as === 'object') headers.authorization = as.raw;
		let payload: string | FormData | undefined;
		if (o.form) payload = o.form;
		else if (o.body !== undefined) {
			payload = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
			headers['content-type'] ??= 'application/json';
		}
		const res = await fetch(sb.url + path, { method, headers, body: payload });
		const text = await res.text();
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch {
			json = undefined;
		}
		return { status: res.status, headers: res.headers, text, json };
	};
	return {
		sb,
		req,
		get: (p, as) => req('GET', p, { as }),
		post: (p, body, as) => req('POST', p, { as, body: body ?? {} }),
		put: (p, body, as) => req('PUT', p, { as, body: body ?? {} }),
		ctl: (method, p, body) =>
			req(method, `/__sandbox${p}`, { as: { raw: `Bearer ${sb.controlToken}` }, body }),
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
