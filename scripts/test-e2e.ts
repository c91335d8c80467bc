/**
 * `npm run test:e2e`: the real-n8n end-to-end suite: the smoke subset on each older matrix entry, the
 * whole suite on the newest, then queue mode on the newest (./e2ePlan.ts decides). Installs whatever is
 * missing first (the entries' Node and n8n, chromium, redis-server).
 *   npm run test:e2e:all                 the whole suite on every entry (`--full`), then queue mode
 *   npm run test:e2e -- --smoke          the smoke subset on every entry
 *   N8N_VERSION=2.8 npm run test:e2e     one entry only (or several: `1.x,2.8`); queue mode only with the newest
 *   npm run test:e2e -- --no-queue       skip the queue-mode test
 * Extra arguments go to jest (e.g. `-t credential`).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import {
	MATRIX,
	NEWEST,
	ROOT,
	ensureChromium,
	ensureRedis,
	log,
	matrixEntry,
	postgresBinDir,
	runtimeDir,
	type MatrixEntry,
} from '../runtime';
import { batchesOf, e2eRuns, jestArgsOf, type Coverage, type E2eRun } from './e2ePlan';

const OWN_FLAGS = ['--no-queue', '--full', '--smoke'];
const RUN_NAMES: Record<E2eRun['part'], string> = {
	full: 'whole suite',
	smoke: 'smoke subset',
	queue: 'queue mode',
};

interface RunResult {
	name: string;
	ok: boolean;
	seconds: number;
}

/**
 * One jest run on an entry. Alone it prints as it goes; beside others its output goes to
 * test-results/e2e-<entry>.log and is printed whole when it ends, so runs side by side do not interleave.
 */
async function jest(run: E2eRun, extra: string[], alone: boolean): Promise<RunResult> {
	const started = Date.now();
	const args = jestArgsOf(run.part, extra);
	const name = `${RUN_NAMES[run.part]}, n8n ${run.entry.n8n}`;
	log(`${name} (Node ${run.entry.node}): jest ${args.join(' ')}`);
	const logFile = join(ROOT, 'test-results', `e2e-${run.entry.id}-${run.part}.log`);
	let fd: number | undefined;
	if (!alone) {
		mkdirSync(dirname(logFile), { recursive: true });
		fd = openSync(logFile, 'w');
	}
	const child = spawn(
		process.execPath,
		[
			join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
			'--config',
			'jest.e2e.config.js',
			'--runInBand',
			...args,
		],
		{
			cwd: ROOT,
			stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
			env: { ...process.env, N8N_VERSION: run.entry.id },
		},
	);
	if (fd !== undefined) closeSync(fd);
	const code = await new Promise<number | null>((resolve) => {
		child.on('exit', (exitCode) => resolve(exitCode));
		child.on('error', () => resolve(null));
	});
	if (!alone) process.stdout.write(`\n── ${name} ──\n${readFileSync(logFile, 'utf8')}`);
	return { name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) };
}

/**
 * Installs the missing entries side by side (one `ensure-runtime` process each): most of an install is
 * download and unpacking, so on a fresh machine this takes about as long as the slowest one.
 */
async function installMissing(entries: MatrixEntry[]): Promise<void> {
	const missing = entries.filter((entry) => !existsSync(join(runtimeDir(entry), '.complete')));
	const codes = await Promise.all(
		missing.map(
			async (entry) =>
				await new Promise<number | null>((resolve) => {
					const child = spawn(
						process.execPath,
						['--import', 'tsx', join(ROOT, 'scripts', 'ensure-runtime.ts'), '--entry', entry.id],
						{ cwd: ROOT, stdio: 'inherit' },
					);
					child.on('exit', (code) => resolve(code));
				}),
		),
	);
	const failed = missing.filter((_, index) => codes[index] !== 0);
	if (failed.length > 0)
		throw new Error(
			`installing n8n ${failed.map((entry) => entry.n8n).join(', ')} failed; see the output above`,
		);
}

async function main(): Promise<number> {
	const argv = process.argv.slice(2);
	const withQueue = !argv.includes('--no-queue');
	const coverage: Coverage = argv.includes('--full')
		? 'full'
		: argv.includes('--smoke')
			? 'smoke'
			: 'plan';
	const jestArgs = argv.filter((arg) => !OWN_FLAGS.includes(arg));
	const entries = process.env.N8N_VERSION
		? process.env.N8N_VERSION.split(',').map((name) => matrixEntry(name.trim()))
		: [...MATRIX];
	const started = Date.now();
	await installMissing(entries);
	const runQueue = withQueue && entries.includes(NEWEST);
	const runs = e2eRuns(entries, NEWEST, { coverage, queue: runQueue });
	// The editor tests, in the whole suite only, need the browser.
	if (runs.some((run) => run.part === 'full')) ensureChromium();
	if (runQueue) {
		ensureRedis();
		postgresBinDir();
	}
	log(`runtimes ready after ${Math.round((Date.now() - started) / 1000)} s`);

	const results: RunResult[] = [];
	for (const batch of batchesOf(runs))
		results.push(
			...(await Promise.all(
				batch.map(async (run) => await jest(run, jestArgs, batch.length === 1)),
			)),
		);
	for (const result of results)
		log(`${result.ok ? 'passed' : 'FAILED'}  ${result.name}  (${result.seconds} s)`);
	log(`end-to-end total ${Math.round((Date.now() - started) / 1000)} s`);
	return results.every((result) => result.ok) ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		process.stderr.write(`test:e2e: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	},
);
