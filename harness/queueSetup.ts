/**
 * n8n in queue mode against an in-process sandbox (./cluster.ts with workers): Postgres and Redis, a
 * main process, the workers and a webhook process of the newest matrix entry, our packed package, the
 * sandbox credential, the examples and a burst workflow (./queueBurst.ts). Shared by the queue-mode
 * tests and the benchmark: the benchmark meets the service's documented windows, the tests the same
 * counts in a fraction of the time (`timeScale`).
 */
import { NEWEST, type MatrixEntry } from '../runtime';
import { SEED, type StartedSandbox } from '../sandbox';
import { startN8n, type N8nServer } from './cluster';
import { scaledRateLimits } from './credentials';
import type { SandboxClient } from './sandboxClient';
import { freeformBurstWorkflow } from './workflows';

export const BURST_WORKFLOW_ID = 'famulorE2eQueueBurst';
export const BURST_PATH = 'famulor-queue-burst';

export interface QueueSetup {
	entry: MatrixEntry;
	sandbox: StartedSandbox;
	client: SandboxClient;
	/** The main, the workers and the webhook process; the REST API as the owner; what each printed. */
	cluster: N8nServer;
	filesDir: string;
	/** How long the service's windows are here, as a share of the documented ones (1: as documented). */
	timeScale: number;
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
	const limits = timeScale === 1 ? undefined : scaledRateLimits(timeScale);
	const burst = freeformBurstWorkflow(BURST_WORKFLOW_ID, BURST_PATH, {
		senderId: SEED.alice.senders.online,
		recipientPhone: SEED.alice.openWindowCustomer.phone,
	});
	const { n8n, server } = await startN8n({
		entry,
		workers,
		// The service's general limit on (documented, or scaled): the burst is shaped by it.
		sandbox: { inboundTimeoutMs, generalRateLimit: { windowScale: timeScale }, ...limits?.sandbox },
		credentialSettings: limits?.credential,
		workflows: [{ file: 'burst.json', workflow: burst }, ...workflows],
	});
	return {
		entry,
		sandbox: n8n.sandbox,
		client: n8n.client,
		cluster: server,
		filesDir: n8n.filesDir,
		timeScale,
		stop: n8n.cleanup,
	};
}

/** Which worker ran an execution, from the workers' "Worker finished execution <id>" log lines. */
export function workerOf(setup: QueueSetup, executionId: string): string | undefined {
	const line = new RegExp(`Worker finished execution ${executionId}\\b`);
	return setup.cluster.workers
		.map((_, index) => `worker${index + 1}`)
		.find((role) => line.test(setup.cluster.output(role)));
}
