import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import { createClock, startSandbox, SandboxOptions, StartedSandbox } from '../../sandbox';
import {
	sandboxControl,
	sandboxRequest,
	type SandboxRequestOptions,
	type SandboxResponse,
	type Who,
} from '../helpers/sandboxHttp';
import { seedAssistantCreateBody } from '../helpers/assistantCreateBody';
import { REAL_BESIDE_TIMEOUTS } from '../helpers/realTimers';
import { useSuiteFixture } from '../helpers/suite';

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

/**
 * Registers the file's hooks around one sandbox: booted once (see `boot`), reset before each test
 * unless `reset` is false, stopped at the end. The client it returns reaches that sandbox, so use it
 * inside tests and hooks only.
 */
export function useSandbox(opts: SandboxOptions = {}, { reset = true } = {}): Client {
	const started = useSuiteFixture({
		start: () => boot(opts),
		beforeEach: async (c: Client) => {
			if (reset) await c.ctl('POST', '/reset');
		},
		stop: (c: Client) => c.sb.stop(),
	});
	return {
		get sb() {
			return started().sb;
		},
		req: (method, path, o) => started().req(method, path, o),
		get: (path, as) => started().get(path, as),
		post: (path, body, as) => started().post(path, body, as),
		put: (path, body, as) => started().put(path, body, as),
		ctl: (method, path, body) => started().ctl(method, path, body),
		advance: (ms) => started().advance(ms),
	};
}

/** Asserts an answer's status and whole body together, so a failure shows both. */
export function expectAnswer(r: Res, status: number, body: unknown): void {
	expect({ status: r.status, json: r.json }).toEqual({ status, json: body });
}

/** Asserts a 422 whose `errors` name exactly `fields` (in sorted order). */
export function expectInvalidFields(r: Res, fields: string[]): void {
	expect({ status: r.status, fields: Object.keys(r.json.errors).sort() }).toEqual({
		status: 422,
		fields,
	});
}

/** Places a call of the seeded outbound assistant (102) to a German mobile and returns its ID. */
export async function placeCall(c: Client): Promise<number> {
	const r = await c.post('/api/user/make_call', {
		phone_number: '+4917612345678',
		assistant_id: 102,
	});
	if (r.status !== 200)
		throw new Error(`make_call answered ${r.status}: ${JSON.stringify(r.json)}`);
	return r.json.call_id as number;
}

/** `user`'s balance as the sandbox holds it. */
export async function balanceOf(c: Client, user: Who): Promise<number> {
	return (
		(await c.ctl('GET', '/state/users')).json as Array<{ user: string; balance: number }>
	).find((u) => u.user === user)!.balance;
}

/** What every accepted WhatsApp send answers, free-form and template alike, beside its own fields. */
export const WHATSAPP_SENT = {
	success: true,
	conversation_id: expect.any(Number),
	message_id: expect.any(Number),
	whatsapp_message_id: expect.any(Number),
	message_sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
};

export const validAssistant = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
	...seedAssistantCreateBody('Test Bot', 'You are a test bot. Be brief.'),
	...over,
});

/**
 * jest's fake timers for setTimeout (and, with `date`, Date) alone: the sandbox's waits on real
 * timers (latency, a held socket, the state file's save delay, a real-time clock's tasks) then end
 * when the test advances them, while sockets, fetch and the event loop stay real. The test's
 * afterEach undoes it with jest.useRealTimers().
 */
export function fakeTimeouts(options: { date?: boolean } = {}): void {
	jest.useFakeTimers({
		doNotFake: options.date ? [...REAL_BESIDE_TIMEOUTS] : [...REAL_BESIDE_TIMEOUTS, 'Date'],
	});
}

/** Lets real I/O run until `condition` holds; jest's timeout catches a condition that never does. */
export async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The jest timeout of a test that starts the CLI. tsx compiles the sandbox first, which takes what a
 * busy machine gives it, so the start has no deadline of its own and this one only catches a hang.
 */
export const CLI_HANG_MS = 180_000;

const clis = new Set<ChildProcess>();

/** `npm run sandbox -- <args>`: resolves with its banner and base URL once it serves. */
export async function startSandboxCli(args: string[]): Promise<{ banner: string; url: string }> {
	const root = join(__dirname, '..', '..');
	const child = spawn(
		process.execPath,
		['--import', 'tsx', join(root, 'sandbox', 'cli.ts'), '--port', '0', ...args],
		{ cwd: root },
	);
	clis.add(child);
	child.once('exit', () => clis.delete(child));
	const banner = await new Promise<string>((resolve, reject) => {
		let text = '';
		child.stdout.on('data', (chunk) => {
			text += String(chunk);
			if (text.includes('Ctrl-C')) resolve(text);
		});
		child.on('exit', () => reject(new Error(`exited: ${text}`)));
	});
	return { banner, url: /base URL\s+(\S+)/.exec(banner)![1] };
}

/** Stops every CLI still running (Ctrl-C), also one whose test timed out; for afterEach. */
export async function stopSandboxClis(): Promise<void> {
	await Promise.all(
		[...clis].map(async (child) => {
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGINT');
			await exited;
		}),
	);
}
