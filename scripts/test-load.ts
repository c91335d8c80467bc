/**
 * `npm run test:load`: the proof that the unit tests decide by what happened, not by how fast the
 * machine ran. Runs the unit suite (jest.config.js) N times in a row beside three busy loops per
 * core and two disk writers (`dd … conv=fsync` in a loop), in this session so that they compete
 * with the tests process for process; prints each run's result and time, and stops the load when it
 * ends, fails or is interrupted.
 *   npm run test:load [-- [--runs N] [jest arguments]]     (default 3 runs, the whole unit suite)
 * e.g. `npm run test:load -- --runs 1 test/sandbox`. Exits 0 only when every run passed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const DEFAULT_RUNS = 3;
const BUSY_LOOPS_PER_CORE = 3;
const DISK_WRITERS = 2;
/** Each writer writes this much, syncs it to the disk, and starts again. */
const WRITE_MB = 256;

function say(message: string): void {
	process.stdout.write(`[test:load] ${message}\n`);
}

interface Load {
	describe: string;
	stop(): void;
}

/** A shell loop that only spins: no memory, no children, gone with one signal. */
function busyLoop(): ChildProcess {
	return spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' });
}

/** `dd` again and again into a file of its own, each round synced to the disk. */
function diskWriter(file: string): { stop(): void } {
	let stopped = false;
	let current: ChildProcess | undefined;
	const round = (): void => {
		if (stopped) return;
		current = spawn(
			'dd',
			['if=/dev/zero', `of=${file}`, 'bs=1M', `count=${WRITE_MB}`, 'conv=fsync', 'status=none'],
			{ stdio: 'ignore' },
		);
		current.once('exit', round);
		current.once('error', (error) => {
			say(`a disk writer stopped: ${error.message}`);
			stopped = true;
		});
	};
	round();
	return {
		stop() {
			stopped = true;
			current?.kill('SIGKILL');
		},
	};
}

function startLoad(): Load {
	const cores = availableParallelism();
	const loops = Array.from({ length: BUSY_LOOPS_PER_CORE * cores }, busyLoop);
	const dir = mkdtempSync(join(tmpdir(), 'test-load-'));
	const writers = Array.from({ length: DISK_WRITERS }, (_, index) =>
		diskWriter(join(dir, `writer-${index}`)),
	);
	let stopped = false;
	return {
		describe:
			`${loops.length} busy loops (${BUSY_LOOPS_PER_CORE} per core, ${cores} cores) and ` +
			`${DISK_WRITERS} disk writers (dd ${WRITE_MB} MB conv=fsync, in ${dir})`,
		// Synchronous, so that it also runs in an exit handler.
		stop() {
			if (stopped) return;
			stopped = true;
			for (const loop of loops) loop.kill('SIGKILL');
			for (const writer of writers) writer.stop();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** The jest run under way, stopped with the load when this script is. */
let running: ChildProcess | undefined;

async function runJest(jestArgs: string[]): Promise<boolean> {
	const child = spawn(
		join(ROOT, 'node_modules', '.bin', 'jest'),
		['--config', join(ROOT, 'jest.config.js'), ...jestArgs],
		{ cwd: ROOT, stdio: 'inherit' },
	);
	running = child;
	return await new Promise<boolean>((resolve) => {
		child.on('exit', (code) => resolve(code === 0));
		child.on('error', () => resolve(false));
	});
}

/** `--runs N` (or `--runs=N`) from the arguments; the rest go to jest. */
function parseArguments(args: string[]): { runs: number; jestArgs: string[] } {
	let runs = DEFAULT_RUNS;
	const jestArgs: string[] = [];
	for (let index = 0; index < args.length; index++) {
		const arg = args[index];
		if (arg === '--runs') runs = Number(args[++index]);
		else if (arg.startsWith('--runs=')) runs = Number(arg.slice('--runs='.length));
		else jestArgs.push(arg);
	}
	if (!Number.isInteger(runs) || runs < 1)
		throw new Error('--runs takes a whole number of at least 1');
	return { runs, jestArgs };
}

async function main(): Promise<number> {
	const { runs, jestArgs } = parseArguments(process.argv.slice(2));
	const load = startLoad();
	process.on('exit', () => load.stop());
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
		process.once(signal, () => {
			load.stop();
			if (running?.exitCode === null) running.kill(signal);
			process.exit(130);
		});
	say(`load: ${load.describe}`);

	const results: Array<{ line: string; passed: boolean }> = [];
	for (let run = 1; run <= runs; run++) {
		say(`run ${run} of ${runs}: jest ${jestArgs.join(' ') || '(the whole unit suite)'}`);
		const started = Date.now();
		const passed = await runJest(jestArgs);
		const seconds = Math.round((Date.now() - started) / 1000);
		const line =
			`run ${run}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s ` +
			`(load average ${loadavg()[0].toFixed(1)})`;
		results.push({ line, passed });
		say(line);
	}
	load.stop();
	say(`load stopped; ${results.filter((result) => result.passed).length} of ${runs} runs passed:`);
	for (const { line } of results) say(`  ${line}`);
	return results.every((result) => result.passed) ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		process.stderr.write(`test:load: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exit(1);
	},
);
