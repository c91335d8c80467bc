/**
 * Posts a burst of WhatsApp free-form messages to the queue setup's burst workflow (./queueSetup.ts)
 * through the webhook process, and reads back what the service accepted and refused, per worker and
 * per window: the queue-mode test's and the benchmark's (case 6) figures.
 */
import { waitFor } from '../runtime';
import {
	acceptedPerMinute,
	accountWideMinimumMs,
	documentedWindows,
	refusalLabels,
	replaySends,
} from './accountMinimum';
import { executionsOf, N8N_CALL_TIMEOUT_MS, UNFINISHED } from './n8nRest';
import { BURST_PATH, BURST_WORKFLOW_ID, workerOf, type QueueSetup } from './queueSetup';

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
		(await executionsOf(setup.cluster, BURST_WORKFLOW_ID)).map((execution) => execution.id),
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
			const runs = (await executionsOf(setup.cluster, BURST_WORKFLOW_ID)).filter(
				(execution) => !before.has(execution.id),
			);
			const done = runs.filter((execution) => !UNFINISHED.includes(execution.status));
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
