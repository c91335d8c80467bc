/**
 * Case 6 of `npm run bench`: n8n in queue mode (main, workers, webhook process on Postgres and Redis;
 * the newest matrix entry) sends 200 WhatsApp free-form messages from 200 executions spread over the
 * workers, all on one token, with the default credential (no limit divided by hand). The workers share
 * the account-wide limit through the service's X-RateLimit-* headers; the table shows the 429s the
 * service returned, failures, duplicates and the wall time against the least time the documented
 * limits allow. `BENCH_QUEUE_WORKERS=2,4` picks the worker counts (default 1, 2 and 4);
 * `BENCH_QUEUE_TRACE=<prefix>` writes every send (time, worker, status, the minute's count) to
 * `<prefix>-<workers>.txt`. 429s are labelled with the window that refused them (m, b or e: replaySends).
 */
import { writeFileSync } from 'node:fs';

import { sendFreeformBurst } from '../harness/queueBurst';
import { BURST_WORKFLOW_ID, startQueueSetup } from '../harness/queueSetup';
import type { BenchCase } from './benchCase';
import { ratio, seconds, table, type Row } from './measure';

const MESSAGES = 200;
const WORKER_COUNTS = (process.env.BENCH_QUEUE_WORKERS ?? '1,2,4')
	.split(',')
	.map((value) => Number(value.trim()));

async function workersRow(workers: number): Promise<{ row: Row; n8n: string }> {
	const setup = await startQueueSetup(workers);
	try {
		await setup.cluster.publish(BURST_WORKFLOW_ID);
		const figures = await sendFreeformBurst(setup, MESSAGES);
		if (process.env.BENCH_QUEUE_TRACE)
			writeFileSync(`${process.env.BENCH_QUEUE_TRACE}-${workers}.txt`, figures.trace.join('\n'));
		return {
			n8n: setup.entry.n8n,
			row: {
				workers,
				'per worker': Object.entries(figures.perWorker)
					.sort()
					.map(([worker, count]) => `${worker} ${count}`)
					.join(', '),
				'failed executions': figures.failedExecutions,
				'messages accepted': figures.accepted,
				duplicates: figures.duplicates,
				'429s returned': figures.rateLimited,
				'429s at (s)': figures.rateLimitedBy.join(' '),
				'per minute': figures.perMinute.join(' / '),
				'wall s': seconds(figures.wallMs),
				'minimum s': seconds(figures.minimumMs),
				ratio: ratio(figures.wallMs / figures.minimumMs),
				target: workers > 1 ? `≤ 1.15, ≤ ${workers} 429s, 0 failed, 0 duplicates` : '',
			},
		};
	} finally {
		await setup.stop();
	}
}

async function queueTable(): Promise<string> {
	const rows: Row[] = [];
	let n8n = '';
	for (const workers of WORKER_COUNTS) {
		const measured = await workersRow(workers);
		rows.push(measured.row);
		n8n = measured.n8n;
		process.stdout.write(`  queue mode, ${workers} worker(s): ${JSON.stringify(measured.row)}\n`);
	}
	return table(
		`6. Queue mode: ${MESSAGES} free-form sends from ${MESSAGES} executions, one token, default credential (n8n ${n8n}; minimum: 100 per minute, 20 per 10 s, free-form 5 per s)`,
		rows,
	);
}

/** Case 6 of `npm run bench`. */
export const queueCase: BenchCase = { numbers: [6], run: queueTable };
