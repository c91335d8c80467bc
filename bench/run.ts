/**
 * `npm run bench`: throughput of the Famulor node at the service's limits. Cases 1–4 run the node
 * through n8n-core's WorkflowExecute (harness/engine.ts) against an in-process sandbox (bench/inProcess.ts),
 * case 5 in a real n8n against n8n's HTTP Request node (bench/peer.ts), case 6 in n8n's queue mode
 * (bench/queue.ts), case 7 the shared token in child processes without n8n (bench/sharedToken.ts),
 * case 8 the Mid-Call Tool's round trip in a real n8n (bench/liveTool.ts), case 9 the polling trigger
 * (bench/pollTrigger.ts, through harness/pollEngine.ts), case 10 the shared token with reads
 * (bench/sharedReads.ts), cases 11 and 12 read-only workers that start together on one token, 2 and 4
 * of them (bench/readWorkers.ts).
 * Each case is a module exporting a BenchCase; this prints one table per case. Figures, not a
 * pass/fail test.
 */
import { cpus } from 'node:os';

import type { BenchCase } from './benchCase';
import { liveToolCase } from './liveTool';
import { pacedSends } from './pacedSends';
import { peerCase } from './peer';
import { pollTriggerCase } from './pollTrigger';
import { queueCase } from './queue';
import { readWorkersCase } from './readWorkers';
import { reads } from './reads';
import { returnAll } from './returnAll';
import { sharedReadsCase } from './sharedReads';
import { sharedTokenCase } from './sharedToken';

const CASES: BenchCase[] = [
	pacedSends,
	reads,
	returnAll,
	peerCase,
	queueCase,
	sharedTokenCase,
	liveToolCase,
	pollTriggerCase,
	sharedReadsCase,
	readWorkersCase,
];

/** `BENCH_CASES=3,4 npm run bench` runs only those cases; all by default (5, the HTTP Request node in a real n8n, 6, queue mode, and 8, the Mid-Call Tool's round trip, install and start n8n; 7 is 6's shared token without n8n; 9 the polling trigger, its last row in a real n8n; 10 the shared token with reads and windows of half length; 11 and 12 read-only workers started together, 2 and 4). */
const SELECTED = new Set(
	(process.env.BENCH_CASES ?? CASES.flatMap((benchCase) => benchCase.numbers).join(','))
		.split(',')
		.map((value) => Number(value.trim())),
);

async function main(): Promise<void> {
	process.stdout.write(
		`Famulor node benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, sandbox in-process\n\n`,
	);
	for (const benchCase of CASES)
		if (benchCase.numbers.some((number) => SELECTED.has(number)))
			process.stdout.write(`${await benchCase.run(SELECTED)}\n`);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exit(1);
	},
);
