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

export const READS_PER_PROCESS = 40;
const READ_PATH = '/api/user/me';

const SCALE = Number(process.env.BENCH_READS_SCALE ?? '0.5');
const PROCESS_COUNTS = numbersFrom(process.env.BENCH_READS_PROCESSES ?? '2,4');
const RUNS = Number(process.env.BENCH_READS_RUNS ?? '1');

/** One run of `processes` readers on one token, with the windows at `scale`. */
export interface ReadsRun {
	processes: number;
	scale: number;
	/**
	 * 'apart': forked START_APART_MS apart, timed from the first one's first job; 'together': every
	 * process loaded before any job is handed out, timed from then (workers that pick up their jobs at
	 * the same moment).
	 */
	start: 'apart' | 'together';
	/** The trace's file, when one is written: every answer's time, process, status and remainder. */
	tracePath?: string;
}

/** The run's figures: wall time against the least time the windows allow, 429s per process. */
export async function readsRow(run: ReadsRun): Promise<Row> {
	const { processes, scale } = run;
	const together = run.start === 'together';
	const sandbox = await startSandbox({
		port: 0,
		clock: createClock({ realTime: true }),
		generalRateLimit: { windowScale: scale },
	});
	try {
		const config = processConfig(sandbox.url, scale, { overheadMs: 0, readPath: READ_PATH });
		const handedOut = new Array<number>(processes).fill(0);
		const refused = new Array<number>(processes).fill(0);
		const trace: string[] = [];
		let failed = 0;
		let finished = 0;
		const total = processes * READS_PER_PROCESS;
		// From the first job: loading the transport into a process is no part of the pacing.
		let started = Date.now();
		let loaded = false;
		// Starting together, each process's first ask (its lanes ask one at a time) waits for every process's.
		const waiting: Array<() => void> = [];
		const handOut = (index: number, send: (message: ToProcess) => void) => {
			const more = handedOut[index] < READS_PER_PROCESS;
			send(more ? { job: handedOut[index]++ } : { done: true });
		};
		const onMessage: Parameters<typeof runProcesses>[2] = (message, index, child) => {
			if ('answered' in message) {
				if (message.answered.status === 429) refused[index]++;
				const at = ((message.answered.at - started) / 1000).toFixed(3);
				trace.push(
					`${at} p${index} ${message.answered.status} ${message.answered.remaining ?? ''}`,
				);
				return false;
			}
			if ('want' in message) {
				const send = (answer: ToProcess) => child.send(answer);
				if (together && !loaded) {
					waiting.push(() => handOut(index, send));
					if (waiting.length < processes) return false;
					[loaded, started] = [true, Date.now()];
					for (const release of waiting.splice(0)) release();
					return false;
				}
				if (!loaded) [loaded, started] = [true, Date.now()];
				handOut(index, send);
				return false;
			}
			if (message.error !== undefined) {
				failed++;
				process.stderr.write(`  process ${index}: ${message.error}\n`);
			}
			return ++finished === total;
		};
		await runProcesses(processes, config, onMessage, together ? 0 : START_APART_MS);
		const wallMs = Date.now() - started;
		if (run.tracePath) writeFileSync(run.tracePath, trace.join('\n'));
		const { minute, burst } = documentedWindows(scale);
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
	const prefix = process.env.BENCH_READS_TRACE;
	for (const processes of PROCESS_COUNTS)
		for (let run = 0; run < RUNS; run++) {
			const tracePath = prefix && `${prefix}-${processes}${run > 0 ? `-${run + 1}` : ''}.txt`;
			const row = await readsRow({ processes, scale: SCALE, start: 'apart', tracePath });
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
