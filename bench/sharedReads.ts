/**
 * Case 8 of `npm run bench`: the shared token on another workload than case 7's sends, and windows of
 * another length than the documented ones, so the pacing is shown to be a mechanism and not a fit.
 * 2 and 4 processes (bench/sharedTokenProcess.ts) each read `GET /api/user/me` 40 times with a
 * worker's concurrency (10), starting 0.6 s apart (timed from the first one's first job); the sandbox enforces the documented counts in
 * windows of half their length, the credential's windows scaled alike (`BENCH_READS_SCALE`, 0.5 by
 * default; `BENCH_READS_TRACE=<prefix>` writes every answer to `<prefix>-<processes>.txt`). Target: at most 1 429 per process, at most 1.15 × the least time the windows allow.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { createClock, SEED, startSandbox } from '../sandbox';
import { accountWideMinimumMs, documentedWindows } from '../test/helpers/accountMinimum';
import type { TestCredentials } from '../test/helpers/engine';
import { ratio, seconds, table, type Row } from './measure';
import type { FromProcess, ProcessConfig, ToProcess } from './sharedTokenProcess';

const READS_PER_PROCESS = 40;
const CONCURRENCY = 10;
const START_APART_MS = 600;
const READ_PATH = '/api/user/me';

const SCALE = Number(process.env.BENCH_READS_SCALE ?? '0.5');
const PROCESS_COUNTS = (process.env.BENCH_READS_PROCESSES ?? '2,4')
	.split(',')
	.map((value) => Number(value.trim()));
const RUNS = Number(process.env.BENCH_READS_RUNS ?? '1');

/** The default credential, with the account's windows scaled as the sandbox's are. */
function credentialsFor(baseUrl: string): TestCredentials {
	return {
		apiToken: SEED.tokens.alice,
		baseUrl,
		requestTimeoutSeconds: 30,
		customRateLimits: true,
		generalLimit: 100,
		generalWindowSeconds: 60 * SCALE,
		generalBurstLimit: 20,
		generalBurstWindowSeconds: 10 * SCALE,
	};
}

async function runOnce(processes: number): Promise<Row> {
	const sandbox = await startSandbox({
		port: 0,
		clock: createClock({ realTime: true }),
		generalRateLimit: { windowScale: SCALE },
	});
	const children: ChildProcess[] = [];
	try {
		const config: ProcessConfig = {
			credentials: credentialsFor(sandbox.url),
			senderId: SEED.alice.senders.online,
			recipientPhone: SEED.alice.openWindowCustomer.phone,
			concurrency: CONCURRENCY,
			overheadMs: 0,
			readPath: READ_PATH,
		};
		const handedOut = new Array<number>(processes).fill(0);
		const refused = new Array<number>(processes).fill(0);
		const trace: string[] = [];
		let failed = 0;
		let finished = 0;
		const total = processes * READS_PER_PROCESS;
		// From the first process's first job: loading the transport into a process is no part of the pacing.
		let started = Date.now();
		let loaded = false;
		await new Promise<void>((resolve, reject) => {
			for (let index = 0; index < processes; index++) {
				setTimeout(() => {
					const child = fork(join(__dirname, 'sharedTokenProcess.ts'), [], {
						execArgv: ['--import', 'tsx'],
						env: { ...process.env, SHARED_TOKEN_PROCESS: JSON.stringify(config) },
					});
					children.push(child);
					child.on('error', reject);
					child.on('message', (message: FromProcess) => {
						if ('answered' in message) {
							if (message.answered.status === 429) refused[index]++;
							trace.push(
								`${((message.answered.at - started) / 1000).toFixed(3)} p${index} ${message.answered.status} ${message.answered.remaining ?? ''}`,
							);
							return;
						}
						if ('want' in message) {
							if (!loaded) [loaded, started] = [true, Date.now()];
							const reply: ToProcess =
								handedOut[index] < READS_PER_PROCESS ? { job: handedOut[index]++ } : { done: true };
							child.send(reply);
							return;
						}
						if (message.error !== undefined) {
							failed++;
							process.stderr.write(`  process ${index}: ${message.error}\n`);
						}
						if (++finished === total) resolve();
					});
				}, index * START_APART_MS);
			}
		});
		const wallMs = Date.now() - started;
		if (process.env.BENCH_READS_TRACE)
			writeFileSync(`${process.env.BENCH_READS_TRACE}-${processes}.txt`, trace.join('\n'));
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
		for (const child of children) child.kill();
		await sandbox.stop();
	}
}

export async function sharedReadsCase(): Promise<string> {
	const rows: Row[] = [];
	for (const processes of PROCESS_COUNTS)
		for (let run = 0; run < RUNS; run++) {
			const row = await runOnce(processes);
			rows.push(row);
			process.stdout.write(`  shared reads, ${processes} processes: ${JSON.stringify(row)}\n`);
		}
	return table(
		`8. Shared token, reads: ${READS_PER_PROCESS} reads per process from ${PROCESS_COUNTS.join(', ')} processes on one token, concurrency ${CONCURRENCY}, ${START_APART_MS} ms apart, windows ×${SCALE}`,
		rows,
	);
}

if (require.main === module)
	void sharedReadsCase().then((text) => process.stdout.write(`${text}\n`));
