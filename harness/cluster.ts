/**
 * A real n8n against an in-process sandbox, in either shape the tests and the benchmark use: one n8n
 * process on SQLite (the default), or queue mode (`workers`): Postgres, Redis, a main process, the
 * workers and a webhook process. Either way one user folder with our packed package installed as a
 * community package, the sandbox credential, the examples and the caller's workflows imported
 * (./clusterFolder.ts); then started, ready, the owner logged in, and stopped with all it started.
 */
import {
	ensureN8n,
	ensureOwnerAndLogin,
	exampleWorkflows,
	freePort,
	matrixEntry,
	startN8nProcess,
	type MatrixEntry,
	type N8nProcess,
	type N8nRole,
} from '../runtime';
import type { SandboxOptions, StartedSandbox } from '../sandbox';
import { prepareClusterFolder, roleEnv, type ClusterFolder } from './clusterFolder';
import { restClient, type N8nRest } from './n8nRest';
import { SandboxClient } from './sandboxClient';

/** The matrix entry this run tests (`npm run test:e2e` runs the suite once per entry). */
export const ENTRY: MatrixEntry = matrixEntry(process.env.N8N_VERSION);
/** Test titles carry it, so a failure says which n8n it was. */
export const ON_N8N = `n8n ${ENTRY.n8n} (Node ${ENTRY.node})`;

export interface ClusterOptions {
	/** Default ENTRY. */
	entry?: MatrixEntry;
	/** The in-process sandbox's (default: calls end only through the controls, no general rate limit). */
	sandbox?: SandboxOptions;
	/** Queue mode with this many workers; absent: one n8n process on SQLite, no queue. */
	workers?: number;
	/** More of the sandbox credential's fields, e.g. its Custom Rate Limits (scaledRateLimits). */
	credentialSettings?: Record<string, unknown>;
	/** Imported besides the sandbox credential and the examples. */
	credentials?: unknown[];
	workflows?: Array<{ file: string; workflow: unknown }>;
}

export interface PreparedN8n {
	entry: MatrixEntry;
	/** The main process' environment, the CLI's too (imports, `n8n execute`). */
	env: NodeJS.ProcessEnv;
	userFolder: string;
	filesDir: string;
	/** The main process' port. */
	port: number;
	workflows: Array<{ id: string; name: string }>;
	sandbox: StartedSandbox;
	client: SandboxClient;
	/** A control under /__sandbox; its parsed JSON. */
	ctl<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	/** The sandbox API as alice. */
	api<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; json: T }>;
	/** Starts n8n's processes on the folder; ready and logged in when it resolves. */
	start(timeoutMs?: number): Promise<N8nServer>;
	/** Stops what start() started and is still running, the services and the sandbox; deletes the folder. */
	cleanup(): Promise<void>;
}

/** Running n8n: one process, or a queue-mode cluster; its REST API as the logged-in owner. */
export interface N8nServer extends N8nRest {
	/** The editor, the REST API and activation; without a queue every execution too. */
	main: N8nProcess;
	/** Empty without a queue. */
	workers: N8nProcess[];
	/** Where production webhooks arrive: the webhook process, or the main one without a queue. */
	webhook: N8nProcess;
	/** The main process' address. */
	url: string;
	cookie: string;
	/** Everything a process printed: 'main' (default), 'webhook', 'worker1', ... */
	output(role?: string): string;
	stop(): Promise<void>;
}

/** The longest output kept per process: enough for a burst's worker log lines. */
const OUTPUT_KEPT = 2_000_000;

/**
 * The sandbox, the user folder and (with `workers`) Postgres and Redis, everything imported; n8n is
 * not started yet (start()), so a test may run `n8n execute` on the folder first.
 */
export async function prepareN8n(options: ClusterOptions = {}): Promise<PreparedN8n> {
	const entry = options.entry ?? ENTRY;
	ensureN8n(entry);
	const folder = await prepareClusterFolder(entry, options);
	const servers = new Set<N8nServer>();
	const client = new SandboxClient(folder.sandbox);
	return {
		entry,
		env: folder.env,
		userFolder: folder.userFolder,
		filesDir: folder.filesDir,
		port: folder.port,
		workflows: exampleWorkflows(folder.filesDir).map(({ workflow: { id, name } }) => ({
			id,
			name,
		})),
		sandbox: folder.sandbox,
		client,
		ctl: async <T>(method: string, path: string, body?: unknown) =>
			await client.controlJson<T>(method, path, body),
		api: async <T>(method: string, path: string, body?: unknown) =>
			await client.api<T>(method, path, body),
		start: async (timeoutMs) => {
			const server = await startProcesses(entry, folder, options.workers ?? 0, timeoutMs);
			servers.add(server);
			return server;
		},
		cleanup: async () => {
			await Promise.all([...servers].map(async (server) => await server.stop()));
			await folder.release();
		},
	};
}

/** prepareN8n and start() at once; cleanup() stops all. */
export async function startN8n(
	options: ClusterOptions = {},
): Promise<{ n8n: PreparedN8n; server: N8nServer }> {
	const n8n = await prepareN8n(options);
	try {
		return { n8n, server: await n8n.start() };
	} catch (error) {
		await n8n.cleanup();
		throw error;
	}
}

/**
 * The main process (with a queue: production webhooks off there, so every delivery goes through the
 * webhook process), then the queue's webhook process and workers side by side; each process has its
 * own task-broker port, a worker its health-check port. A failure stops every one started.
 */
async function startProcesses(
	entry: MatrixEntry,
	folder: ClusterFolder,
	workerCount: number,
	timeoutMs = 180_000,
): Promise<N8nServer> {
	const outputs = new Map<string, string>();
	const running: N8nProcess[] = [];
	const stop = async () => {
		await Promise.all(running.map(async (member) => await member.stop()));
	};
	const launch = async (name: string, role: N8nRole, env: NodeJS.ProcessEnv) => {
		const member = await startN8nProcess(entry, role, env, {
			timeoutMs,
			onOutput: (text) => outputs.set(name, ((outputs.get(name) ?? '') + text).slice(-OUTPUT_KEPT)),
		});
		running.push(member);
		return member;
	};
	try {
		const main = await launch('main', 'start', folder.env);
		// The main has migrated the database: the others start side by side, and all of them have
		// started or failed before this goes on.
		const others = folder.queue
			? await Promise.allSettled([
					launch('webhook', 'webhook', await roleEnv(folder, folder.queue.webhookPort)),
					...Array.from({ length: workerCount }, async (_, index) =>
						launch(
							`worker${index + 1}`,
							'worker',
							await roleEnv(folder, await freePort(), {
								QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
							}),
						),
					),
				])
			: [];
		const [webhook = main, ...workers] = others.map((outcome) => {
			if (outcome.status === 'rejected') throw outcome.reason;
			return outcome.value;
		});
		const cookie = await ensureOwnerAndLogin(main.url);
		return {
			...restClient(main.url, cookie),
			main,
			workers,
			webhook,
			url: main.url,
			cookie,
			output: (role = 'main') => outputs.get(role) ?? '',
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}
