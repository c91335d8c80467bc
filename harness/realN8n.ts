/**
 * A real n8n of one matrix entry (N8N_VERSION, default the newest; installed by scripts/ensure-runtime.ts)
 * with our packed package installed as a community package, the sandbox credential and the example
 * workflows imported: the same runtime module (runtime/) `npm start` and the benchmark use.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	ensureN8n,
	ensureOwnerAndLogin,
	exampleWorkflows,
	freePort,
	importExamples,
	installPackage,
	matrixEntry,
	n8nEnv,
	prepareFilesDir,
	runN8nCli,
	startN8nProcess,
	type MatrixEntry,
	waitFor,
	type N8nProcess,
} from '../runtime';

export { waitFor };
import { startSandbox, type SandboxOptions, type StartedSandbox } from '../sandbox';
import { runFolder } from './preparedFolder';
import { SandboxClient } from './sandboxClient';

export { CREDENTIAL_ID, CREDENTIAL_NAME, OWNER } from '../runtime';

/** The matrix entry this run tests (`npm run test:e2e` runs the suite once per entry). */
export const ENTRY: MatrixEntry = matrixEntry(process.env.N8N_VERSION);
/** Test titles carry it, so a failure says which n8n it was. */
export const ON_N8N = `n8n ${ENTRY.n8n} (Node ${ENTRY.node})`;

export interface PreparedN8n {
	entry: MatrixEntry;
	env: NodeJS.ProcessEnv;
	userFolder: string;
	filesDir: string;
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
	cleanup(): Promise<void>;
}

/**
 * Starts the sandbox in this process (general rate limit off unless asked for) and an n8n user folder
 * against it: a copy of this process' prepared folder (./preparedFolder.ts) when there is one, else a
 * folder prepared here (packed package installed, credential and examples imported).
 */
export async function prepareN8n(
	sandboxOptions: SandboxOptions = {},
	entry: MatrixEntry = ENTRY,
): Promise<PreparedN8n> {
	ensureN8n(entry);
	const start = async (port: number) =>
		await startSandbox({ callDurationMs: 0, generalRateLimit: false, ...sandboxOptions, port });
	const run = runFolder(entry);
	const copied =
		run?.sandboxPort === undefined
			? undefined
			: await start(run.sandboxPort).catch(() => undefined);
	const sandbox =
		copied ??
		(await start(0).catch((error: unknown) => {
			run?.release();
			throw error;
		}));
	const userFolder = run?.userFolder ?? mkdtempSync(join(tmpdir(), 'famulor-e2e-'));
	const cleanup = async () => {
		await sandbox.stop();
		if (run) run.release();
		else rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		const filesDir = join(userFolder, 'files');
		const port = await freePort();
		const env = n8nEnv({ userFolder, port, brokerPort: await freePort(), filesDir });
		if (copied) run?.copy();
		else {
			prepareFilesDir(filesDir);
			installPackage(userFolder);
			await importExamples(entry, {
				env,
				userFolder,
				baseUrl: sandbox.url,
				apiToken: sandbox.tokens.alice,
				filesDir,
			});
			if (run?.sandboxPort === undefined) run?.keep(Number(new URL(sandbox.url).port));
		}
		const client = new SandboxClient(sandbox);
		return {
			entry,
			env,
			userFolder,
			filesDir,
			port,
			workflows: exampleWorkflows(filesDir).map(({ workflow: { id, name } }) => ({ id, name })),
			sandbox,
			client,
			ctl: async <T>(method: string, path: string, body?: unknown) =>
				await client.controlJson<T>(method, path, body),
			api: async <T>(method: string, path: string, body?: unknown) =>
				await client.api<T>(method, path, body),
			cleanup,
		};
	} catch (error) {
		await cleanup();
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
			runData: Record<
				string,
				Array<{
					error?: { message: string };
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
				}>
			>;
		};
	};
}

/** Runs a workflow's Manual Trigger path with `n8n execute --id --rawOutput`; the run data whatever its status. */
export async function executeWorkflow(n8n: PreparedN8n, id: string): Promise<CliRun> {
	const result = await runN8nCli(n8n.entry, ['execute', `--id=${id}`, '--rawOutput'], n8n.env);
	// The pretty-printed run is the block from a line `{` to a line `}`; log lines may come before and after.
	const lines = result.stdout.split('\n');
	const start = lines.indexOf('{');
	const end = lines.lastIndexOf('}');
	if (start < 0 || end < start)
		throw new Error(
			`n8n execute --id=${id} printed no run (exit ${result.code}):\n${result.stdout}\n${result.stderr}`,
		);
	return JSON.parse(lines.slice(start, end + 1).join('\n')) as CliRun;
}

/** The JSON of every item a node emitted on one output in its last run. */
export function nodeOutput(run: CliRun, node: string, output = 0): Array<Record<string, unknown>> {
	const runs = run.data.resultData.runData[node];
	if (!runs)
		throw new Error(
			`node "${node}" did not run; ran: ${Object.keys(run.data.resultData.runData).join(', ')}`,
		);
	const last = runs[runs.length - 1];
	if (last.error) throw new Error(`node "${node}" failed: ${last.error.message}`);
	return (last.data?.main[output] ?? []).map((item) => item.json);
}

export interface RestAnswer<T> {
	status: number;
	json: T;
}

export interface N8nServer extends N8nProcess {
	cookie: string;
	/** n8n's REST API as the logged-in owner; parsed JSON. */
	rest<T = unknown>(method: string, path: string, body?: unknown): Promise<RestAnswer<T>>;
	/**
	 * Why the last activation failed, when n8n reported it after answering the activation call (2.40's
	 * publication status, or the activation error older versions keep); undefined while there is none.
	 */
	activationFailure(workflowId: string): Promise<string | undefined>;
	/** Resolves once the activated workflow's triggers are live (2.40 publishes after answering; earlier versions before). */
	waitUntilPublished(workflowId: string): Promise<void>;
	/** Activates (2.x: publishes) a workflow the way the editor does; the REST answer, whatever its status. */
	activate(
		workflowId: string,
	): Promise<RestAnswer<{ data?: { active?: boolean }; message?: string }>>;
	deactivate(
		workflowId: string,
	): Promise<RestAnswer<{ data?: { active?: boolean }; message?: string }>>;
}

async function parsed<T>(response: Response): Promise<RestAnswer<T>> {
	const text = await response.text();
	let json: unknown;
	try {
		json = text === '' ? undefined : JSON.parse(text);
	} catch {
		json = { message: text };
	}
	return { status: response.status, json: json as T };
}

/** REST client of a logged-in owner. */
/** The longest one HTTP call to an n8n process may take: more means it hangs, and the bench, which has no jest timeout, would wait forever. */
export const N8N_CALL_TIMEOUT_MS = 60_000;

export function restClient(
	entry: MatrixEntry,
	url: string,
	cookie: string,
): Pick<
	N8nServer,
	'rest' | 'activate' | 'deactivate' | 'activationFailure' | 'waitUntilPublished'
> {
	const rest = async <T>(method: string, path: string, body?: unknown): Promise<RestAnswer<T>> =>
		await parsed<T>(
			await fetch(`${url}/rest${path}`, {
				method,
				headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(N8N_CALL_TIMEOUT_MS),
			}),
		);
	const versionId = async (workflowId: string): Promise<string> => {
		const workflow = await rest<{ data: { versionId: string } }>('GET', `/workflows/${workflowId}`);
		if (workflow.status !== 200)
			throw new Error(`GET /rest/workflows/${workflowId}: ${workflow.status}`);
		return workflow.json.data.versionId;
	};
	// 1.123 and 2.x alike: POST …/activate with the version to publish, POST …/deactivate.
	const setActive = async (workflowId: string, active: boolean) =>
		active
			? await rest<{ data?: { active?: boolean } }>('POST', `/workflows/${workflowId}/activate`, {
					versionId: await versionId(workflowId),
				})
			: await rest<{ data?: { active?: boolean } }>(
					'POST',
					`/workflows/${workflowId}/deactivate`,
					{},
				);
	const activationFailure = async (workflowId: string): Promise<string | undefined> => {
		const publication = await rest<{
			data?: { status?: string; triggers?: Array<{ errorMessage?: string | null }> };
		}>('GET', `/workflows/${workflowId}/publication-status`);
		const status = publication.json?.data?.status;
		if (publication.status === 200 && (status === 'failed' || status === 'partial')) {
			return (publication.json.data?.triggers ?? [])
				.map((trigger) => trigger.errorMessage ?? '')
				.join('; ');
		}
		const error = await rest<{ data?: unknown }>('GET', `/active-workflows/error/${workflowId}`);
		return error.status === 200 && error.json?.data ? JSON.stringify(error.json.data) : undefined;
	};
	const waitUntilPublished = async (workflowId: string): Promise<void> => {
		await waitFor(`workflow ${workflowId} to be published`, async () => {
			const publication = await rest<{ data?: { status?: string } }>(
				'GET',
				`/workflows/${workflowId}/publication-status`,
			);
			if (publication.status === 404) return true; // no publication service: activation was synchronous
			const status = publication.json?.data?.status;
			if (status === 'failed' || status === 'partial')
				throw new Error(`publishing ${workflowId} failed: ${JSON.stringify(publication.json)}`);
			return status === 'published' ? true : undefined;
		});
	};
	return {
		rest,
		activationFailure,
		waitUntilPublished,
		activate: async (workflowId) => await setActive(workflowId, true),
		deactivate: async (workflowId) => await setActive(workflowId, false),
	};
}

/** `n8n start` on the prepared folder; sets up the owner on first start and logs in. */
export async function startServer(n8n: PreparedN8n, timeoutMs = 180_000): Promise<N8nServer> {
	const server = await startN8nProcess(n8n.entry, 'start', n8n.env, { timeoutMs });
	try {
		const cookie = await ensureOwnerAndLogin(server.url);
		return { ...server, cookie, ...restClient(n8n.entry, server.url, cookie) };
	} catch (error) {
		await server.stop();
		throw error;
	}
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
}

/** The workflow's executions, newest first, as the editor's list shows them (up to 100). */
export async function workflowExecutions(
	server: N8nServer,
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const { status, json } = await server.rest<{ data: { results: ExecutionSummary[] } }>(
		'GET',
		`/executions?filter=${filter}&limit=100`,
	);
	if (status !== 200) throw new Error(`GET /rest/executions: ${status}`);
	return json.data.results;
}
