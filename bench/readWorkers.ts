/**
 * Cases 11 and 12 of `npm run bench`: read-only workers on one token that start together, as n8n
 * workers do when jobs are queued while they idle. 2 (case 11) and 4 (case 12) processes
 * (bench/sharedTokenProcess.ts) each read `GET /api/user/me` 40 times with a worker's concurrency
 * (10); every process is loaded before the first job is handed out and timed from then. Each at the
 * documented windows and at windows ×0.5 (the credential's windows scaled alike). Unlike case 10's
 * start 0.6 s apart, every process begins unheard at once, so none has the first burst window to
 * itself. `BENCH_WORKERS_SCALES=1,0.5` picks the scales, `BENCH_WORKERS_RUNS=3` the runs per row,
 * `BENCH_WORKERS_TRACE=<prefix>` writes every answer to `<prefix>-<workers>-x<scale>[-<run>].txt`.
 * Target: at most 1 429 per worker, at most 1.15 × the least time the windows allow.
 */
import type { BenchCase } from './benchCase';
import { table, type Row } from './measure';
import { CONCURRENCY, numbersFrom } from './processes';
import { READS_PER_PROCESS, readsRow } from './sharedReads';

const SCALES = numbersFrom(process.env.BENCH_WORKERS_SCALES ?? '1,0.5');
const RUNS = Number(process.env.BENCH_WORKERS_RUNS ?? '1');

/** A column or cell of case 10's row as this case names it. */
const worker = (text: string | number) =>
	typeof text === 'string' ? text.replace('per process', 'per worker') : text;

/** The case number of each worker count. */
const CASES = new Map([
	[11, 2],
	[12, 4],
]);

async function readWorkersTable(selected: ReadonlySet<number>): Promise<string> {
	const rows: Row[] = [];
	const prefix = process.env.BENCH_WORKERS_TRACE;
	const workerCounts = [...CASES].filter(([number]) => selected.has(number)).map(([, n]) => n);
	for (const workers of workerCounts)
		for (const scale of SCALES)
			for (let run = 0; run < RUNS; run++) {
				const tracePath =
					prefix && `${prefix}-${workers}-x${scale}${run > 0 ? `-${run + 1}` : ''}.txt`;
				const row = await readsRow({ processes: workers, scale, start: 'together', tracePath });
				const figures = Object.entries(row)
					.filter(([column]) => column !== 'processes')
					.map((cell) => cell.map(worker));
				const shown: Row = { workers, windows: `×${scale}`, ...Object.fromEntries(figures) };
				rows.push(shown);
				process.stdout.write(`  read-only workers: ${JSON.stringify(shown)}\n`);
			}
	return table(
		`11–12. Read-only workers started together: ${READS_PER_PROCESS} reads per worker from ${workerCounts.join(', ')} workers on one token, concurrency ${CONCURRENCY}`,
		rows,
	);
}

/** Cases 11 (2 workers) and 12 (4 workers) of `npm run bench`. */
export const readWorkersCase: BenchCase = { numbers: [...CASES.keys()], run: readWorkersTable };

if (require.main === module)
	void readWorkersTable(new Set(CASES.keys())).then((text) => process.stdout.write(`${text}\n`));
