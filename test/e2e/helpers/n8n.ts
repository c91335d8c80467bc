/**
 * A real n8n 2.8.4 (installed by scripts/ensure-runtime.mjs into a cache dir) with our packed package
 * installed as a community package, the sandbox credential and the example workflows imported
 * (scripts/lib/prepare-n8n.mjs does that part so that npm start and the tests share one code path).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureOwnerAndLogin, freePort, startN8nProcess, stopProcessGroup } from '../../../scripts/lib/n8n-process.cjs';
import { startSandbox, type SandboxOptions, type StartedSandbox } from '../../../sandbox';

export { OWNER } from '../../../scripts/lib/n8n-process.cjs';

const ROOT = join(__dirname, '..', '..', '..');

export const CREDENTIAL_ID = 'famulorSandbox01';

export interface PreparedN8n {
	bin: string;
	env: NodeJS.ProcessEnv;
	userFolder: string;
	filesDir: string;
	port: number;
	workflows: Array<{ id: string; name: string }>;
	sandbox: StartedSandbox;
	/** GET/POST/DELETE under /__sandbox with the control token; parsed JSON. */
	ctl<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	/** The sandbox API as alice. */
	api<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
	cleanup(): Promise<void>;
}

export interface RunResult {
	stdout: string;
	stderr: string;
	code: number | null;
}

/** Runs a command without blocking the event loop (the in-process sandbox must keep answering). */
export async function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<RunResult> {
	return await new Promise((resolve, reject) => {
		const child = spawn(command, args, { env: options.env ?? process.env, cwd: options.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) => resolve({ stdout, stderr, code }));
	});
}

async function json<T>(response: Response): Promise<T> {
	const text = await response.text();
	return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Starts the sandbox in this process (general rate limit off unless asked for) and prepares an n8n user folder against it. */
export async function prepareN8n(sandboxOptions: SandboxOptions = {}): Promise<PreparedN8n> {
	const sandbox = await startSandbox({ port: 0, callDurationMs: 0, generalRateLimit: false, ...sandboxOptions });
	const userFolder = mkdtempSync(join(tmpdir(), 'famulor-e2e-'));
	const port = await freePort();
	try {
		const prepared = await run(process.execPath, [
			join(ROOT, 'scripts', 'lib', 'prepare-n8n.mjs'),
			'--user-folder',
			userFolder,
			'--sandbox-url',
			sandbox.url,
			'--token',
			sandbox.tokens.alice,
			'--port',
			String(port),
		]);
		if (prepared.code !== 0) throw new Error(`prepare-n8n failed (${prepared.code}):\n${prepared.stdout}\n${prepared.stderr}`);
		const lastLine = prepared.stdout.trim().split('\n').at(-1) ?? '';
		const info = JSON.parse(lastLine) as { bin: string; env: Record<string, string>; filesDir: string; workflows: Array<{ id: string; name: string }> };
		const env: NodeJS.ProcessEnv = { ...process.env, ...info.env };
		// jest sets NODE_ENV=test, which makes n8n silence its logger (and --rawOutput with it).
		delete env.NODE_ENV;
		delete env.NODE_OPTIONS;
		const ctl = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
			await json<T>(
				await fetch(`${sandbox.url}/__sandbox${path}`, {
					method,
					headers: { authorization: `Bearer ${sandbox.controlToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
					body: body === undefined ? undefined : JSON.stringify(body),
				}),
			);
		const api = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
			const response = await fetch(`${sandbox.url}${path}`, {
				method,
				headers: { authorization: `Bearer ${sandbox.tokens.alice}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			return { status: response.status, json: await json<T>(response) };
		};
		return {
			bin: info.bin,
			env,
			userFolder,
			filesDir: info.filesDir,
			port,
			workflows: info.workflows,
			sandbox,
			ctl,
			api,
			cleanup: async () => {
				await sandbox.stop();
				rmSync(userFolder, { recursive: true, force: true });
			},
		};
	} catch (error) {
		await sandbox.stop();
		rmSync(userFolder, { recursive: true, force: true });
		throw error;
	}
}

/** The run data `n8n execute --rawOutput` prints after its log lines. */
export interface CliRun {
	status: string;
	data: {
		resultData: {
			error?: { message: string };
			lastNodeExecuted?: string;
			runData: Record<string, Array<{ error?: { message: string }; data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> } }>>;
		};
	};
}

export async function executeWorkflow(n8n: PreparedN8n, id: string): Promise<CliRun> {
	const result = await run(n8n.bin, ['execute', `--id=${id}`, '--rawOutput'], { env: n8n.env });
	// The pretty-printed run is the block from a line `{` to a line `}`; log lines may come before and after.
	const lines = result.stdout.split('\n');
	const start = lines.indexOf('{');
	const end = lines.lastIndexOf('}');
	if (result.code !== 0 || start < 0 || end < start) throw new Error(`n8n execute --id=${id} failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
	return JSON.parse(lines.slice(start, end + 1).join('\n')) as CliRun;
}

/** The JSON of every item a node emitted on one output in its last run. */
export function nodeOutput(run: CliRun, node: string, output = 0): Array<Record<string, unknown>> {
	const runs = run.data.resultData.runData[node];
	if (!runs) throw new Error(`node "${node}" did not run; ran: ${Object.keys(run.data.resultData.runData).join(', ')}`);
	const last = runs[runs.length - 1];
	if (last.error) throw new Error(`node "${node}" failed: ${last.error.message}`);
	return (last.data?.main[output] ?? []).map((item) => item.json);
}

export interface N8nServer {
	child: ChildProcess;
	url: string;
	cookie: string;
	/** n8n's REST API as the logged-in owner; parsed JSON. */
	rest<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }>;
	output(): string;
	stop(): Promise<void>;
}

/** `n8n start` on the prepared folder; sets up the owner on first start and logs in. */
export async function startServer(n8n: PreparedN8n, timeoutMs = 120_000): Promise<N8nServer> {
	const { child, url, output } = await startN8nProcess(n8n.bin, n8n.env, { timeoutMs });
	const stop = async (): Promise<void> => await stopProcessGroup(child);
	try {
		const cookie = await ensureOwnerAndLogin(url);
		const rest = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
			const response = await fetch(`${url}/rest${path}`, {
				method,
				headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			return { status: response.status, json: await json<T>(response) };
		};
		return { child, url, cookie, rest, output, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Polls until `check` returns a value (not undefined) or the time is up. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
