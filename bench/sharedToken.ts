/**
 * Case 7 of `npm run bench`: the shared token without n8n. Queue mode's case 6 in a minute: 1, 2 and
 * 4 processes, each the transport in a child process of its own (as n8n workers are), take 200
 * free-form jobs from one queue with a worker's concurrency (10) and start about 0.6 s apart, as
 * workers pick up their first jobs; one token, the sandbox on the real clock enforcing the documented
 * limits. `BENCH_SHARED_SCALE=0.5` runs every window at half length (the credential's windows scaled
 * alike) for quicker runs; `BENCH_SHARED_PROCESSES=2,4` and `BENCH_SHARED_RUNS=3` pick the rows.
 */
import { writeFileSync } from 'node:fs';

import { createClock, startSandbox } from '../sandbox';
import {
	acceptedPerMinute,
	accountWideMinimumMs,
	refusalLabels,
	replaySends,
} from '../harness/accountMinimum';
import { SandboxClient } from '../harness/sandboxClient';
import type { BenchCase } from './benchCase';
import { ratio, seconds, table, type Row } from './measure';
import { CONCURRENCY, numbersFrom, processConfig, runProcesses, START_APART_MS } from './processes';
import type { ToProcess } from './sharedTokenProcess';

const JOBS = 200;
const OVERHEAD_MS = 40;
const FREEFORM_PATH = '/api/user/whatsapp/send-freeform';

const SCALE = Number(process.env.BENCH_SHARED_SCALE ?? '1');
const PROCESS_COUNTS = numbersFrom(process.env.BENCH_SHARED_PROCESSES ?? '1,2,4');
const RUNS = Number(process.env.BENCH_SHARED_RUNS ?? '1');

interface Answer {
	process: number;
	at: number;
	status: number;
	remaining?: string;
}

interface Figures {
	answers: Answer[];
	perProcess: number[];
	failed: number;
	accepted: number;
	duplicates: number;
	rateLimitedAt: string[];
	perMinute: number[];
	wallMs: number;
	minimumMs: number;
}

async function runOnce(processes: number): Promise<Figures> {
	const sandbox = await startSandbox({
		port: 0,
		clock: createClock({ realTime: true }),
		generalRateLimit: { windowScale: SCALE },
		rateLimits: { sendFreeform: { limit: 5, windowMs: 1000 * SCALE } },
	});
	try {
		const config = processConfig(sandbox.url, SCALE, { overheadMs: OVERHEAD_MS });
		const perProcess = new Array<number>(processes).fill(0);
		const answers: Answer[] = [];
		let failed = 0;
		let next = 0;
		let finished = 0;
		const started = Date.now();
		await runProcesses(processes, config, (message, index, child) => {
			if ('answered' in message) {
				answers.push({ process: index, ...message.answered });
				return false;
			}
			if ('want' in message) {
				const reply: ToProcess = next < JOBS ? { job: next++ } : { done: true };
				child.send(reply);
				return false;
			}
			perProcess[index]++;
			if (message.error !== undefined) {
				failed++;
				process.stderr.write(`  process ${index}: ${message.error}\n`);
			}
			return ++finished === JOBS;
		});
		const wallMs = Date.now() - started;
		const sends = await new SandboxClient(sandbox).requests({ path: FREEFORM_PATH });
		const accepted = sends.filter((entry) => entry.status === 200);
		const texts = accepted.map((entry) => (entry.body as { message?: string }).message ?? '');
		const replayed = replaySends(sends, SCALE);
		return {
			answers: answers.map((answer) => ({ ...answer, at: answer.at - started })),
			perProcess,
			failed,
			accepted: accepted.length,
			duplicates: texts.length - new Set(texts).size,
			rateLimitedAt: refusalLabels(replayed, started),
			perMinute: acceptedPerMinute(replayed),
			wallMs,
			minimumMs: accountWideMinimumMs(JOBS) * SCALE,
		};
	} finally {
		await sandbox.stop();
	}
}

async function sharedTokenTable(): Promise<string> {
	const rows: Row[] = [];
	for (const processes of PROCESS_COUNTS) {
		for (let run = 0; run < RUNS; run++) {
			const figures = await runOnce(processes);
			const row: Row = {
				processes,
				'per process': figures.perProcess.join(' / '),
				failed: figures.failed,
				'accepted (duplicates)': `${figures.accepted} (${figures.duplicates})`,
				'429s': figures.rateLimitedAt.length,
				'429s per process': figures.perProcess
					.map(
						(_, index) =>
							figures.answers.filter((a) => a.process === index && a.status === 429).length,
					)
					.join(' / '),
				'429s at (s)': figures.rateLimitedAt.join(' '),
				'per minute': figures.perMinute.join(' / '),
				'wall s': seconds(figures.wallMs),
				'minimum s': seconds(figures.minimumMs),
				ratio: ratio(figures.wallMs / figures.minimumMs),
			};
			rows.push(row);
			if (process.env.BENCH_SHARED_TRACE)
				writeFileSync(
					`${process.env.BENCH_SHARED_TRACE}-${processes}-${rows.length}.txt`,
					figures.answers
						.map(
							(a) => `${(a.at / 1000).toFixed(3)} p${a.process} ${a.status} ${a.remaining ?? ''}`,
						)
						.join('\n'),
				);
			process.stdout.write(`  shared token, ${processes} process(es): ${JSON.stringify(row)}\n`);
		}
	}
	return table(
		`7. Shared token without n8n: ${JOBS} free-form sends from ${PROCESS_COUNTS.join(', ')} processes on one token, concurrency ${CONCURRENCY}, ${START_APART_MS} ms apart, windows ×${SCALE}`,
		rows,
	);
}

/** Case 7 of `npm run bench`. */
export const sharedTokenCase: BenchCase = { numbers: [7], run: sharedTokenTable };

if (require.main === module)
	void sharedTokenTable().then((text) => process.stdout.write(`${text}\n`));
