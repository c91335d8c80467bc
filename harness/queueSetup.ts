/**
 * n8n in queue mode against an in-process sandbox: Postgres and Redis, a main process, two workers and
 * a webhook process of the newest matrix entry, our packed package, the sandbox credential, the
 * examples and a burst workflow. Shared by the queue-mode tests and the benchmark: the benchmark meets
 * the service's documented windows, the tests the same counts in a fraction of the time (`timeScale`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	NEWEST,
	ensureN8n,
	ensureOwnerAndLogin,
	freePort,
	importExamples,
	importIntoN8n,
	installPackage,
	n8nEnv,
	prepareFilesDir,
	startQueueCluster,
	startQueueServices,
	waitFor,
	type MatrixEntry,
	type QueueCluster,
	type RunningServices,
} from '../runtime';
import { SEED, startSandbox, type StartedSandbox } from '../sandbox';
import {
	acceptedPerMinute,
	accountWideMinimumMs,
	documentedWindows,
	refusalLabels,
	replaySends,
} from './accountMinimum';
import { scaledRateLimits } from './credentials';
import { SandboxClient } from './sandboxClient';
import { N8N_CALL_TIMEOUT_MS, restClient, type N8nServer } from './realN8n';
import { freeformBurstWorkflow } from './workflows';

export const BURST_WORKFLOW_ID = 'famulorE2eQueueBurst';
export const BURST_PATH = 'famulor-queue-burst';

export interface QueueSetup {
	entry: MatrixEntry;
	sandbox: StartedSandbox;
	client: SandboxClient;
	cluster: QueueCluster;
	rest: Pick<
		N8nServer,
		'rest' | 'activate' | 'deactivate' | 'activationFailure' | 'waitUntilPublished'
	>;
	filesDir: string;
	/** How long the service's windows are here, as a share of the documented ones (1: as documented). */
	timeScale: number;
	/** Everything a role printed, e.g. output('worker1'). */
	output(role: string): string;
	stop(): Promise<void>;
}

/** The sandbox's times where a test departs from the service's (the benchmark keeps them). */
export interface ServiceTiming {
	/**
	 * Every rate window of the sandbox, and of the credential's Custom Rate Limits alike, this many
	 * times as long as documented (scaledRateLimits); 1 (default): the documented limits, the
	 * credential's defaults.
	 */
	timeScale?: number;
	/** How long a call waits for the inbound answer (the sandbox's `inboundTimeoutMs`; default the guide's 2 s). */
	inboundTimeoutMs?: number;
}

export async function startQueueSetup(
	workers = 2,
	entry: MatrixEntry = NEWEST,
	/** Workflows to import besides the examples and the burst. */
	workflows: Array<{ file: string; workflow: Record<string, unknown> }> = [],
	service: ServiceTiming = {},
): Promise<QueueSetup> {
	const { timeScale = 1, inboundTimeoutMs } = service;
	ensureN8n(entry);
	const limits = timeScale === 1 ? undefined : scaledRateLimits(timeScale);
	const sandbox = await startSandbox({
		port: 0,
		callDurationMs: 0,
		inboundTimeoutMs,
		...limits?.sandbox,
	});
	const userFolder = mkdtempSync(join(tmpdir(), 'famulor-queue-n8n-'));
	const outputs = new Map<string, string>();
	let services: RunningServices | undefined;
	let cluster: QueueCluster | undefined;
	const stop = async () => {
		await cluster?.stop();
		await services?.stop();
		await sandbox.stop();
		rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		services = await startQueueServices();
		const filesDir = join(userFolder, 'files');
		prepareFilesDir(filesDir);
		installPackage(userFolder);
		const importEnv = n8nEnv({
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
			filesDir,
			queue: services,
		});
		await importExamples(entry, {
			env: importEnv,
			userFolder,
			baseUrl: sandbox.url,
			apiToken: sandbox.tokens.alice,
			filesDir,
			credentialSettings: limits?.credential,
		});
		const burst = freeformBurstWorkflow(BURST_WORKFLOW_ID, BURST_PATH, {
			senderId: SEED.alice.senders.online,
			recipientPhone: SEED.alice.openWindowCustomer.phone,
		});
		await importIntoN8n(entry, importEnv, {
			userFolder,
			credentials: [],
			workflows: [{ file: 'burst.json', workflow: burst }, ...workflows],
		});
		cluster = await startQueueCluster(entry, {
			userFolder,
			filesDir,
			services,
			workers,
			onOutput: (role, text) =>
				outputs.set(role, ((outputs.get(role) ?? '') + text).slice(-2_000_000)),
		});
		const cookie = await ensureOwnerAndLogin(cluster.main.url);
		return {
			entry,
			sandbox,
			client: new SandboxClient(sandbox),
			cluster,
			rest: restClient(entry, cluster.main.url, cookie),
			filesDir,
			timeScale,
			output: (role) => outputs.get(role) ?? '',
			stop,
		};
	} catch (error) {
		await stop();
		throw error;
	}
}

export interface ExecutionSummary {
	id: string;
	workflowId: string;
	status: string;
	mode: string;
	stoppedAt: string | null;
}

/**
 * Every execution of a workflow as n8n's REST API lists them (newest first; pages of at most 100).
 * n8n 2.41 and later walk the pages with the `nextCursor` each answer carries (and refuse `lastId`);
 * earlier versions with the last ID seen. 2.41's pages are ordered by time but its cursor compares
 * IDs, so an execution created out of order can fall between two pages: when the exact `count` the
 * first answer reports says some are missing, the IDs in between are asked for one by one.
 */
export async function executionsOf(
	setup: { rest: Pick<N8nServer, 'rest'> },
	workflowId: string,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const all: ExecutionSummary[] = [];
	let cursor: string | undefined;
	let expected: number | undefined;
	for (;;) {
		const next =
			cursor !== undefined
				? `&cursor=${encodeURIComponent(cursor)}`
				: all.length > 0
					? `&lastId=${all[all.length - 1].id}`
					: '';
		const { status, json } = await setup.rest.rest<{
			data: {
				results: ExecutionSummary[];
				nextCursor?: string | null;
				count?: number;
				estimated?: boolean;
			};
		}>('GET', `/executions?filter=${filter}&limit=100${next}`);
		if (status !== 200) throw new Error(`GET /rest/executions: ${status}`);
		if (expected === undefined && json.data.estimated === false) expected = json.data.count;
		const seen = new Set(all.map((execution) => execution.id));
		all.push(...json.data.results.filter((execution) => !seen.has(execution.id)));
		if ('nextCursor' in json.data) {
			if (!json.data.nextCursor) break;
			cursor = json.data.nextCursor;
		} else if (json.data.results.length < 100) break;
	}
	return expected !== undefined && all.length < expected
		? [...all, ...(await skippedBetween(setup, workflowId, all))]
		: all;
}

/** The executions of `workflowId` whose IDs lie between the listed ones' but were not listed. */
async function skippedBetween(
	setup: { rest: Pick<N8nServer, 'rest'> },
	workflowId: string,
	listed: readonly ExecutionSummary[],
): Promise<ExecutionSummary[]> {
	const ids = new Set(listed.map((execution) => Number(execution.id)));
	const found: ExecutionSummary[] = [];
	for (let id = Math.min(...ids); id < Math.max(...ids); id++) {
		if (ids.has(id)) continue;
		const { status, json } = await setup.rest.rest<{ data: ExecutionSummary }>(
			'GET',
			`/executions/${id}`,
		);
		if (status === 200 && json.data.workflowId === workflowId)
			found.push({ ...json.data, id: String(json.data.id) });
	}
	return found;
}

/** Which worker ran an execution, from the workers' "Worker finished execution <id>" log lines. */
export function workerOf(setup: QueueSetup, executionId: string): string | undefined {
	const line = new RegExp(`Worker finished execution ${executionId}\\b`);
	return setup.cluster.workers
		.map((_, index) => `worker${index + 1}`)
		.find((role) => line.test(setup.output(role)));
}

export interface BurstFigures {
	messages: number;
	executions: number;
	failedExecutions: number;
	/** Messages the service accepted (200), and those accepted more than once. */
	accepted: number;
	duplicates: number;
	/** 429 answers the service gave (each waited out and retried by the node). */
	rateLimited: number;
	/** Each 429: seconds after the first call and the window that refused it (m, b or e), e.g. "6.9e". */
	rateLimitedBy: string[];
	/** Messages each minute window of the account accepted. */
	perMinute: number[];
	/** Every send: seconds after the first call, the worker, the status, the minute window's count after it. */
	trace: string[];
	/** Executions per worker. */
	perWorker: Record<string, number>;
	/** From the first webhook call until the last execution stopped. */
	wallMs: number;
	/** The least time the service's limits (as scaled here) allow for the messages (accountWideMinimumMs). */
	minimumMs: number;
}

/**
 * Posts `count` messages to the burst workflow's production webhook (the webhook process), one
 * execution each, 20 requests in flight; waits until every execution has finished.
 */
export async function sendFreeformBurst(
	setup: QueueSetup,
	count: number,
	timeoutMs = 600_000,
): Promise<BurstFigures> {
	const before = new Set(
		(await executionsOf(setup, BURST_WORKFLOW_ID)).map((execution) => execution.id),
	);
	await setup.client.reset();
	const started = Date.now();
	let next = 0;
	await Promise.all(
		Array.from({ length: 20 }, async () => {
			while (next < count) {
				const index = next++;
				const response = await fetch(`${setup.cluster.webhook.url}/webhook/${BURST_PATH}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ message: `queue burst ${index}` }),
					signal: AbortSignal.timeout(N8N_CALL_TIMEOUT_MS),
				});
				if (response.status !== 200)
					throw new Error(`webhook call ${index}: ${response.status} ${await response.text()}`);
			}
		}),
	);
	const finished = await waitFor(
		`${count} burst executions to finish`,
		async () => {
			const runs = (await executionsOf(setup, BURST_WORKFLOW_ID)).filter(
				(execution) => !before.has(execution.id),
			);
			const done = runs.filter(
				(execution) => !['new', 'running', 'waiting'].includes(execution.status),
			);
			return runs.length >= count && done.length === runs.length ? runs : undefined;
		},
		timeoutMs,
		1000,
	);
	const wallMs =
		Math.max(
			...finished.map((execution) =>
				execution.stoppedAt ? Date.parse(execution.stoppedAt) : Date.now(),
			),
		) - started;
	const sends = await setup.client.requests({ path: '/api/user/whatsapp/send-freeform' });
	const acceptedTexts = sends
		.filter((entry) => entry.status === 200)
		.map((entry) => (entry.body as { message?: string }).message ?? '');
	const perWorker: Record<string, number> = {};
	const workers = new Map<string, string>();
	for (const execution of finished) {
		const worker = workerOf(setup, execution.id) ?? 'unknown';
		workers.set(execution.id, worker);
		perWorker[worker] = (perWorker[worker] ?? 0) + 1;
	}
	const replayed = replaySends(sends, setup.timeScale);
	return {
		messages: count,
		executions: finished.length,
		failedExecutions: finished.filter((execution) => execution.status !== 'success').length,
		accepted: acceptedTexts.length,
		duplicates: acceptedTexts.length - new Set(acceptedTexts).size,
		rateLimited: sends.filter((entry) => entry.status === 429).length,
		rateLimitedBy: refusalLabels(replayed, started),
		perMinute: acceptedPerMinute(replayed),
		trace: replayed.map(({ entry, refusedBy, minute, minuteCount }) => {
			const text = (entry.body as { message?: string } | null)?.message ?? '';
			const executionId = /#(\d+)$/.exec(text)?.[1];
			const worker = (executionId && workers.get(executionId)) ?? '?';
			return `${((entry.at - started) / 1000).toFixed(3)} ${worker} ${entry.status}${refusedBy} m${minute}:${minuteCount}`;
		}),
		perWorker,
		wallMs,
		minimumMs: accountWideMinimumMs(count, Object.values(documentedWindows(setup.timeScale))),
	};
}
