/** Running n8n: its CLI commands, its long-running processes (start, worker, webhook) and the owner login. */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

import { n8nMain, nodeBin, nodeEnv } from './install';
import type { MatrixEntry } from './matrix';

/** The owner account `npm start` and the tests create on a fresh n8n. */
export const OWNER = {
	email: 'owner@famulor-demo.dev',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'FamulorDemo2026',
};

/** A free TCP port on the loopback interface. */
/** Ports this process handed out: the OS may offer a just-closed port again before anyone binds it. */
const handedOut = new Set<number>();

async function probePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** A free loopback port, never one handed out before (n8n's own port and its task broker's must differ). */
export async function freePort(): Promise<number> {
	for (;;) {
		const port = await probePort();
		if (!handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
}

export async function sleep(ms: number): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` returns a value (not undefined) or the time is up. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined>,
	timeoutMs = 30_000,
	everyMs = 250,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}

/** Every child spawnTracked started that has not exited yet: what stopStarted() ends. */
const started = new Set<ChildProcess>();
let stoppingAll = false;

/** spawn(), remembered until the child exits, so stopStarted() can end it whenever it is called. */
export function spawnTracked(file: string, args: string[], options: SpawnOptions): ChildProcess {
	if (stoppingAll) throw new Error('stopping: no new process is started');
	const child = spawn(file, args, options);
	started.add(child);
	child.once('exit', () => started.delete(child));
	return child;
}

/**
 * Ends every process spawnTracked started and still running, with its process group where it has
 * one, and refuses new ones: `npm start`'s Ctrl-C or SIGTERM at any moment, start-up included.
 */
export async function stopStarted(): Promise<void> {
	stoppingAll = true;
	await Promise.all([...started].map((child) => stopProcessGroup(child)));
}

/** Stops a child and, when detached, its whole process group (n8n starts a task runner); resolves when it has exited. */
export async function stopProcessGroup(
	child: ChildProcess | undefined,
	timeoutMs = 15_000,
): Promise<void> {
	if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null)
		return;
	const pid = child.pid;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	const signal = (sig: NodeJS.Signals) => {
		try {
			process.kill(-pid, sig);
		} catch {
			// No group (a child that is not detached), or the group is gone: the child itself, while it runs.
			if (child.exitCode === null && child.signalCode === null) child.kill(sig);
		}
	};
	signal('SIGTERM');
	const timer = setTimeout(() => signal('SIGKILL'), timeoutMs);
	await exited;
	clearTimeout(timer);
	// The group may outlive its leader for a moment (the task runner): make sure it is gone.
	signal('SIGKILL');
}

/** n8n's CLI with the entry's Node: `[node, [n8n main, ...args], env]`. */
function command(
	entry: MatrixEntry,
	args: string[],
	env: NodeJS.ProcessEnv,
): { file: string; args: string[]; env: NodeJS.ProcessEnv } {
	return { file: nodeBin(entry.node), args: [n8nMain(entry), ...args], env: nodeEnv(entry, env) };
}

export interface CliResult {
	stdout: string;
	stderr: string;
	code: number | null;
}

/** Runs one n8n CLI command to completion without blocking the event loop (an in-process sandbox keeps answering). */
export async function runN8nCli(
	entry: MatrixEntry,
	args: string[],
	env: NodeJS.ProcessEnv,
): Promise<CliResult> {
	const cli = command(entry, args, env);
	return await new Promise((resolve, reject) => {
		const child = spawnTracked(cli.file, cli.args, {
			env: cli.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => resolve({ stdout, stderr, code }));
	});
}

/** Like runN8nCli, but a non-zero exit throws with the output. */
export async function runN8nCliOrThrow(
	entry: MatrixEntry,
	args: string[],
	env: NodeJS.ProcessEnv,
): Promise<CliResult> {
	const result = await runN8nCli(entry, args, env);
	if (result.code !== 0)
		throw new Error(
			`n8n ${args.join(' ')} exited with ${result.code}\n${result.stdout}\n${result.stderr}`,
		);
	return result;
}

export type N8nRole = 'start' | 'worker' | 'webhook';

export interface N8nProcess {
	role: N8nRole;
	child: ChildProcess;
	/** The address it answers on (the main and webhook processes: N8N_PORT; a worker: its health port). */
	url: string;
	output(): string;
	stop(): Promise<void>;
}

/** Where a role answers once it is ready: the REST API of `start`, the health check of `worker` and `webhook`. */
function readinessUrl(role: N8nRole, env: NodeJS.ProcessEnv): { url: string; probe: string } {
	if (role === 'worker') {
		const url = `http://127.0.0.1:${env.QUEUE_HEALTH_CHECK_PORT}`;
		return { url, probe: `${url}/healthz` };
	}
	const url = `http://127.0.0.1:${env.N8N_PORT}`;
	return { url, probe: role === 'start' ? `${url}/rest/settings` : `${url}/healthz` };
}

/** Starts `n8n <role>` in its own process group; resolves when it answers. Workers need QUEUE_HEALTH_CHECK_ACTIVE/PORT. */
export async function startN8nProcess(
	entry: MatrixEntry,
	role: N8nRole,
	env: NodeJS.ProcessEnv,
	{ onOutput, timeoutMs = 180_000 }: { onOutput?: (text: string) => void; timeoutMs?: number } = {},
): Promise<N8nProcess> {
	const cli = command(entry, [role], env);
	const child = spawnTracked(cli.file, cli.args, {
		env: cli.env,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	let output = '';
	const collect = (chunk: Buffer) => {
		output += chunk.toString();
		if (output.length > 400_000) output = output.slice(-200_000);
		onOutput?.(chunk.toString());
	};
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	const { url, probe } = readinessUrl(role, env);
	const stop = async () => await stopProcessGroup(child);
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null)
			throw new Error(`n8n ${role} exited with ${child.exitCode}\n${output}`);
		try {
			const res = await fetch(probe);
			if (res.ok) return { role, child, url, output: () => output, stop };
		} catch {
			// not listening yet
		}
		await sleep(500);
	}
	await stop();
	throw new Error(`n8n ${role} did not answer on ${probe} within ${timeoutMs / 1000} s\n${output}`);
}

async function postJson(url: string, body: unknown): Promise<Response> {
	return await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}

/** Creates the owner account on a fresh instance (POST /rest/owner/setup, 1.x and 2.x alike), then logs in; returns the auth cookie. */
export async function ensureOwnerAndLogin(url: string, owner = OWNER): Promise<string> {
	// Right after start-up n8n may still answer with something that is not its settings JSON: ask again.
	const settings = await waitFor('n8n to serve /rest/settings', async () => {
		const response = await fetch(`${url}/rest/settings`).catch(() => undefined);
		if (!response?.ok) return undefined;
		return (await response.json().catch(() => undefined)) as
			{ data?: { userManagement?: { showSetupOnFirstLoad?: boolean } } } | undefined;
	});
	if (settings.data?.userManagement?.showSetupOnFirstLoad) {
		const res = await postJson(`${url}/rest/owner/setup`, owner);
		if (!res.ok) throw new Error(`owner setup failed: ${res.status} ${await res.text()}`);
	}
	const res = await postJson(`${url}/rest/login`, {
		emailOrLdapLoginId: owner.email,
		password: owner.password,
	});
	if (!res.ok) throw new Error(`login as ${owner.email} failed: ${res.status} ${await res.text()}`);
	const cookie = res.headers
		.getSetCookie()
		.map((line) => line.split(';')[0])
		.find((pair) => pair.startsWith('n8n-auth='));
	if (!cookie) throw new Error('login returned no n8n-auth cookie');
	return cookie;
}
