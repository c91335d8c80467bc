/**
 * Case 10 of `npm run bench`: the shared token on another workload than case 7's sends, and windows of
 * another length than the documented ones, so the pacing is shown to be a mechanism and not a fit.
 * 2 and 4 processes (bench/sharedTokenProcess.ts) each read `GET /api/user/me` 40 times with a
 * worker's concurrency (10), starting 0.6 s apart (timed from the first one's first job); the sandbox enforces the documented counts in
 * windows of half their length, the credential's windows scaled alike (`BENCH_READS_SCALE`, 0.5 by
 * default; `BENCH_READS_TRACE=<prefix>` writes every answer to `<prefix>-<processes>.txt`, run n > 1 `<prefix>-<processes>-<n>.txt`). Target: at most 1 429 per process, at most 1.15 × the least time the windows allow.
 */
import { writeFileSync } from 'node:fs';

import { createClock, startSandbox } from '../sandbox';
import { accountWideMinimumMs, documentedWindows } from '../harness/accountMinimum';
import type { BenchCase } from './benchCase';
import { ratio, seconds, table, type Row } from './measure';
import { CONCURRENCY, numbersFrom, processConfig, runProcesses, START_APART_MS } from './processes';
import type { ToProcess } from './sharedTokenProcess';

const READS_PER_PROCESS = 40;
const READ_PATH = '/api/user/me';

const SCALE = Number(process.env.BENCH_READS_SCALE ?? '0.5');
const PROCESS_COUNTS = numbersFrom(process.env.BENCH_READS_PROCESSES ?? '2,4');
const RUNS = Number(process.env.BENCH_READS_RUNS ?? '1');

async function runOnce(processes: number, run: number): Promise<Row> {
	const sandbox = await startSandbox({
		port: 0,
		clock: createClock({ realTime: true }),
		generalRateLimit: { windowScale: SCALE },
	});
	try {
		const config = processConfig(sandbox.url, SCALE, { overheadMs: 0, readPath: READ_PATH });
		const handedOut = new Array<number>(processes).fill(0);
		const refused = new Array<number>(processes).fill(0);
		const trace: string[] = [];
		let failed = 0;
		let finished = 0;
		const total = processes * READS_PER_PROCESS;
		// From the first process's first job: loading the transport into a process is no part of the pacing.
		let started = Date.now();
		let loaded = false;
		await runProcesses(processes, config, (message, index, child) => {
			if ('answered' in message) {
				if (message.answered.status === 429) refused[index]++;
				const at = ((message.answered.at - started) / 1000).toFixed(3);
				trace.push(
					`${at} p${index} ${message.answered.status} ${message.answered.remaining ?? ''}`,
				);
				return false;
			}
			if ('want' in message) {
				if (!loaded) [loaded, started] = [true, Date.now()];
				const more = handedOut[index] < READS_PER_PROCESS;
				child.send((more ? { job: handedOut[index]++ } : { done: true }) satisfies ToProcess);
				return false;
			}
			if (message.error !== undefined) {
				failed++;
				process.stderr.write(`  process ${index}: ${message.error}\n`);
			}
			return ++finished === total;
		});
		const wallMs = Date.now() - started;
		if (process.env.BENCH_READS_TRACE)
			writeFileSync(
				`${process.env.BENCH_READS_TRACE}-${processes}${run > 0 ? `-${run + 1}` : ''}.txt`,
				trace.join('\n'),
			);
		const { minute, burst } = documentedWindows(SCALE);
		const minimumMs = accountWideMinimumMs(total, [minute, burst]);
		return {
			processes,
			reads: total,
			failed,
			'429s per process': refused.join(' / '),
			'wall s': seconds(wallMs),
			'minimum s': seconds(minimumMs),
			ratio: ratio(wallMs / minimumMs),
			target: '≤ 1 429 per process, ≤ 1.15',
		};
	} finally {
		await sandbox.stop();
	}
}

async function sharedReadsTable(): Promise<string> {
	const rows: Row[] = [];
	for (const processes of PROCESS_COUNTS)
		for (let run = 0; run < RUNS; run++) {
			const row = await runOnce(processes, run);
			rows.push(row);
			process.stdout.write(`  shared reads, ${processes} processes: ${JSON.stringify(row)}\n`);
		}
	return table(
		`10. Shared token, reads: ${READS_PER_PROCESS} reads per process from ${PROCESS_COUNTS.join(', ')} processes on one token, concurrency ${CONCURRENCY}, ${START_APART_MS} ms apart, windows ×${SCALE}`,
		rows,
	);
}

/** Case 10 of `npm run bench`: the shared token with reads, windows of half length. */
export const sharedReadsCase: BenchCase = { numbers: [10], run: sharedReadsTable };

if (require.main === module)
	void sharedReadsTable().then((text) => process.stdout.write(`${text}\n`));
