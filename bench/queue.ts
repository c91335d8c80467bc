/**
 * Case 6 of `npm run bench`: n8n in queue mode (main, two workers, webhook process on Postgres and
 * Redis; the newest matrix entry) sends 200 WhatsApp free-form messages from 200 executions spread over
 * both workers, all on one token. Each worker paces itself (5 per second by default), so together they
 * can exceed the service's limit: the 429s the service returned and the wall time against the 40 s
 * limit are printed, once with the documented limits and once with the credential's Custom Rate
 * Limits split between the workers.
 */
import { CREDENTIAL_ID, CREDENTIAL_NAME, importIntoN8n } from '../scripts/n8n';
import {
	BURST_WORKFLOW_ID,
	sendFreeformBurst,
	startQueueSetup,
	type QueueSetup,
} from '../test/e2e/queue/queueSetup';
import { seconds, table, ratio, type Row } from './measure';

const MESSAGES = 200;
const WORKERS = 2;

async function setCredential(
	setup: QueueSetup,
	rateLimits: Record<string, unknown>,
): Promise<void> {
	const data = { apiToken: setup.sandbox.tokens.alice, baseUrl: setup.sandbox.url, ...rateLimits };
	await importIntoN8n(setup.entry, setup.cluster.env, {
		userFolder: setup.cluster.env.N8N_USER_FOLDER ?? '',
		credentials: [{ id: CREDENTIAL_ID, name: CREDENTIAL_NAME, type: 'famulorAiApi', data }],
		workflows: [],
	});
}

export async function queueCase(): Promise<string> {
	const setup = await startQueueSetup(WORKERS);
	try {
		expectOk(
			(await setup.rest.activate(BURST_WORKFLOW_ID)).status,
			'activating the burst workflow',
		);
		await setup.rest.waitUntilPublished(BURST_WORKFLOW_ID);
		// The documented limits (100 requests per minute, 20 per 10 s, free-form 5 per s) divided between the workers, rounded down.
		const split = {
			perMinute: Math.floor(100 / WORKERS),
			per10Seconds: Math.floor(20 / WORKERS),
			freeformPerSecond: Math.floor(5 / WORKERS),
		};
		const variants = [
			{ name: 'documented limits, paced by each worker', rateLimits: {} },
			{
				name: `Custom Rate Limits split over ${WORKERS} workers (${split.perMinute}/min, ${split.per10Seconds}/10 s, free-form ${split.freeformPerSecond}/s)`,
				rateLimits: {
					customRateLimits: true,
					generalLimit: split.perMinute,
					generalBurstLimit: split.per10Seconds,
					sendFreeformLimit: split.freeformPerSecond,
					sendFreeformWindowSeconds: 1,
				},
			},
		];
		const rows: Row[] = [];
		for (const variant of variants) {
			await setCredential(setup, variant.rateLimits);
			const figures = await sendFreeformBurst(setup, MESSAGES);
			rows.push({
				credential: variant.name,
				executions: figures.executions,
				'per worker': Object.entries(figures.perWorker)
					.sort()
					.map(([worker, count]) => `${worker} ${count}`)
					.join(', '),
				'failed executions': figures.failedExecutions,
				'messages accepted': figures.accepted,
				duplicates: figures.duplicates,
				'429s returned': figures.rateLimited,
				'wall s': seconds(figures.wallMs),
				'limit s (200 ÷ 5/s)': seconds(figures.limitMs),
				ratio: ratio(figures.wallMs / figures.limitMs),
			});
		}
		return table(
			`6. Queue mode: ${MESSAGES} free-form sends from ${MESSAGES} executions on ${WORKERS} workers, one token (n8n ${setup.entry.n8n})`,
			rows,
		);
	} finally {
		await setup.stop();
	}
}

function expectOk(status: number, what: string): void {
	if (status !== 200) throw new Error(`${what}: HTTP ${status}`);
}
